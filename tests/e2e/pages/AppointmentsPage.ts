import type { Locator, Page } from 'playwright-core';

/** My appointments (/<locale>/profile/mymeeting), one appointment card per person. */
export class AppointmentsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly locale = 'uk',
  ) {}

  async goto(eventId: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/${this.locale}/profile/mymeeting?event_id=${eventId}`);
  }

  /**
   * The cards of appointments with this person (accessible name "Зустріч з <name>"), narrowed to
   * the one at `time` (HH:mm) when given: an earlier, closed appointment with them may be listed too.
   */
  item(name: string, time?: string): Locator {
    const cards = this.page.getByRole('main').getByRole('article', { name: new RegExp(`зустріч з ${name}`, 'i') });
    return time ? cards.filter({ hasText: time }) : cards;
  }

  async status(name: string, time: string): Promise<string> {
    return ((await this.item(name, time).locator('.badge').textContent()) ?? '').trim();
  }

  /** The dashboard's notifications, at the bottom of the screen. */
  get notices(): Locator {
    return this.page.getByRole('region', { name: /сповіщення про зустрічі/i });
  }

  get callDialog(): Locator {
    return this.page.getByRole('dialog', { name: /зв’язок/i });
  }
}

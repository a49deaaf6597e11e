import type { Locator, Page } from 'playwright-core';

/** The visitors page of one event (/<locale>/events/<id>/visitors), in English. */
export class VisitorsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly locale = 'en',
  ) {}

  url(eventId: number, query = ''): string {
    return `${this.baseUrl}/${this.locale}/events/${eventId}/visitors${query}`;
  }

  async goto(eventId: number, query = ''): Promise<void> {
    await this.page.goto(this.url(eventId, query));
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  get search(): Locator {
    return this.main.getByRole('searchbox', { name: 'Search visitors' });
  }

  get sort(): Locator {
    return this.main.getByLabel('Sort by');
  }

  /** "Showing 10 of 123": how many cards are shown and how many match. */
  async counts(): Promise<{ shown: number; total: number } | null> {
    const text = await this.main
      .getByText(/^Showing \d+ of \d+$/)
      .first()
      .textContent({ timeout: 1000 })
      .catch(() => null);
    const m = text ? /Showing (\d+) of (\d+)/.exec(text) : null;
    return m ? { shown: Number(m[1]), total: Number(m[2]) } : null;
  }

  get cards(): Locator {
    return this.main.getByRole('article');
  }

  card(name: string): Locator {
    return this.main.getByRole('article', { name });
  }

  async names(): Promise<string[]> {
    return this.main.locator('.visitor__name a').allTextContents();
  }

  /** The Like toggle of one card; its pressed state says whether the person is liked. */
  likeButton(name: string): Locator {
    return this.card(name).getByRole('button', { name: new RegExp(`^Like ${name}`) });
  }

  tab(name: string | RegExp): Locator {
    return this.main.getByRole('tab', { name });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  note(text: RegExp): Locator {
    return this.main.getByText(text);
  }
}

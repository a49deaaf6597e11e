import type { Locator, Page } from 'playwright-core';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The dashboard's notices (appointment reminders and changes), on any page, in English. */
export class Notices {
  constructor(readonly page: Page) {}

  get region(): Locator {
    return this.page.getByRole('region', { name: 'Appointment notifications' });
  }

  get cards(): Locator {
    return this.region.locator('.notice');
  }

  card(text: string | RegExp): Locator {
    return this.cards.filter({ hasText: text });
  }

  closeButton(card: Locator): Locator {
    return card.getByRole('button', { name: /^Dismiss the notice about/ });
  }

  async titles(): Promise<string[]> {
    return (await this.region.locator('.notice__title').allTextContents()).map((s) => s.trim());
  }

  async boxes(): Promise<Box[]> {
    return this.cards.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
  }

  /**
   * Whether a click at the target's centre reaches the target (not a notice laid over it), and
   * whether its box meets any notice's.
   */
  async blocks(target: Locator): Promise<{ overlaps: boolean; intercepted: boolean; hit: string }> {
    const box = await target.boundingBox();
    if (!box) throw new Error('the target has no box on the screen');
    const boxes = await this.boxes();
    const { inside, hit } = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { inside: Boolean(at && (at === el || el.contains(at))), hit: at ? `${at.tagName.toLowerCase()}.${at.getAttribute('class') ?? ''}` : 'nothing' };
    });
    return { overlaps: boxes.some((b) => overlaps(b, box)), intercepted: !inside, hit };
  }
}

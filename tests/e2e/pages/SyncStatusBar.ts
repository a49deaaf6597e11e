import type { Locator, Page } from 'playwright-core';

/**
 * The always-visible sync status in the header: its state in words and, while the outbox holds
 * anything, how many changes wait to be sent. The state words hold no digits in any locale, so the
 * number in the status is the pending count.
 */
export class SyncStatusBar {
  constructor(readonly page: Page) {}

  get status(): Locator {
    return this.page.getByRole('banner').getByRole('status');
  }

  async text(): Promise<string> {
    return ((await this.status.textContent()) ?? '').trim();
  }

  async pending(): Promise<number> {
    const match = /\d+/.exec(await this.text());
    return match ? Number(match[0]) : 0;
  }

  async isIdle(): Promise<boolean> {
    return /усе актуально|up to date|всё актуально|aktualne/i.test(await this.text());
  }

  async isOffline(): Promise<boolean> {
    return /офлайн|offline/i.test(await this.text());
  }
}

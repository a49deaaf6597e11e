import type { Locator, Page } from 'playwright-core';

/**
 * The always-visible sync status in the header: its state in words and, while the outbox holds
 * anything or the server turned something down, the counts of each on a button beside it.
 */
export class SyncStatusBar {
  constructor(readonly page: Page) {}

  get status(): Locator {
    return this.page.getByRole('banner').getByRole('status');
  }

  async text(): Promise<string> {
    return ((await this.status.textContent()) ?? '').trim();
  }

  /** What waits to be sent; what was turned down has a count of its own and is not in it. */
  async pending(): Promise<number> {
    // Read without waiting: the count vanishes the moment the outbox empties, and a locator that
    // was there a tick ago would otherwise wait for it to come back.
    const texts = await this.page.getByRole('banner').locator('.sync__pending:not(.sync__pending--refused) .sync__count').allTextContents();
    return Number(texts[0]?.trim() ?? 0);
  }

  async isIdle(): Promise<boolean> {
    return /усе актуально|up to date|всё актуально|aktualne/i.test(await this.text());
  }

  async isOffline(): Promise<boolean> {
    return /офлайн|offline/i.test(await this.text());
  }
}

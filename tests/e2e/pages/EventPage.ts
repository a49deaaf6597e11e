import type { Locator, Page } from 'playwright-core';

/** One event's page (/<locale>/events/<id>). */
export class EventPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly locale = 'uk',
  ) {}

  url(eventId: number): string {
    return `${this.baseUrl}/${this.locale}/events/${eventId}`;
  }

  async goto(eventId: number): Promise<void> {
    await this.page.goto(this.url(eventId));
  }

  get title(): Locator {
    return this.page.getByRole('main').getByRole('heading', { level: 1 });
  }

  /**
   * The star toggle next to the title. Its name is the word "Favorite" (plus "waiting to sync" while
   * queued); whether the event is a favorite is its pressed state, not its name.
   */
  get favoriteToggle(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: /^(обране|favorite|избранное|ulubione)/i });
  }

  async isFavorite(): Promise<boolean> {
    return (await this.favoriteToggle.getAttribute('aria-pressed')) === 'true';
  }

  /** The video block in the hero: a countdown, a play button or a line of text. */
  get video(): Locator {
    return this.page.locator('.event-page__media .video');
  }

  get zonesNote(): Locator {
    return this.page.getByTestId('zones-note');
  }

  /** Whether the service worker's runtime cache holds this URL (posters land there when shown). */
  async isCached(url: string): Promise<boolean> {
    return this.page.evaluate((u) => caches.match(u).then(Boolean), url);
  }

  /** Fetches a URL from inside the page, so it goes through the service worker like the page's own images. */
  async fetchStatus(url: string): Promise<number> {
    return this.page.evaluate(
      (u) =>
        fetch(u).then(
          (r) => r.status,
          () => 0,
        ),
      url,
    );
  }
}

import type { Locator, Page } from 'playwright-core';

export type LiveSection = 'stage' | 'chat' | 'visitors' | 'companies';

/**
 * The live translation page (/<locale>/events/<id>/live-translation/<section>). The video, the
 * online counter and the side panel carry data attributes for what is not visible as text: the
 * video's mode and state, and where the counter's number comes from.
 */
export class LivePage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly locale = 'en',
  ) {}

  url(eventId: number, section: LiveSection = 'stage'): string {
    return `${this.baseUrl}/${this.locale}/events/${eventId}/live-translation/${section}`;
  }

  async goto(eventId: number, section: LiveSection = 'stage'): Promise<void> {
    await this.page.goto(this.url(eventId, section));
  }

  get loginPrompt(): Locator {
    return this.page.getByRole('main').getByRole('heading', { name: /log in to join the live stage/i });
  }

  get ticketDialog(): Locator {
    return this.page.getByRole('dialog', { name: /a ticket is required/i });
  }

  get buyTicket(): Locator {
    return this.ticketDialog.getByRole('button', { name: /buy a ticket/i });
  }

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: /live sections/i });
  }

  async open(section: 'Stage' | 'Chat' | 'Networking' | 'Expo'): Promise<void> {
    await this.nav.getByRole('link', { name: section, exact: true }).click();
  }

  get schedule(): Locator {
    return this.page.getByRole('region', { name: /programme/i });
  }

  get video(): Locator {
    return this.page.getByTestId('live-video');
  }

  get frame(): Locator {
    return this.video.locator('iframe');
  }

  /** 'inline' on the stage, 'floating' elsewhere; null when there is no video at all. */
  async videoMode(): Promise<string | null> {
    return (await this.video.count()) ? this.video.getAttribute('data-mode') : null;
  }

  /** The line that says which clock the programme and the chat follow; absent when both read the same. */
  get zonesNote(): Locator {
    return this.page.getByTestId('zones-note');
  }

  async videoState(): Promise<string | null> {
    return (await this.video.count()) ? this.video.getAttribute('data-state') : null;
  }

  get panel(): Locator {
    return this.page.getByTestId('live-panel');
  }

  async panelTabs(): Promise<string[]> {
    return (await this.panel.getByRole('tab').allTextContents()).map((s) => s.trim());
  }

  async selectedPanelTab(): Promise<string | null> {
    const tab = this.panel.locator('[role="tab"][aria-selected="true"]');
    return (await tab.count()) ? ((await tab.textContent()) ?? '').trim() : null;
  }

  /** Every comment form on the page, wherever it sits (section or side panel). */
  get commentForms(): Locator {
    return this.page.locator('form').filter({ has: this.page.getByRole('textbox', { name: /write a comment/i }) });
  }

  /** The event chat; on the chat section it is the only one on the page. */
  get chat(): Locator {
    return this.page.getByTestId('event-chat');
  }

  get commentBox(): Locator {
    return this.chat.getByRole('textbox', { name: /write a comment/i });
  }

  get sendButton(): Locator {
    return this.chat.getByRole('button', { name: 'Send', exact: true });
  }

  /**
   * Whether the video covers `target` where it is on the screen now: their boxes intersect, or the
   * element the browser hits at the target's centre is neither the target nor inside it.
   */
  async coveredByVideo(target: Locator): Promise<{ overlaps: boolean; hitElsewhere: boolean; hit: string }> {
    const video = await this.video.boundingBox();
    const box = await target.boundingBox();
    if (!video || !box) throw new Error('the video or the target has no box on the screen');
    const overlaps = box.x < video.x + video.width && video.x < box.x + box.width && box.y < video.y + video.height && video.y < box.y + box.height;
    const { inside, hit } = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { inside: Boolean(at && (at === el || el.contains(at))), hit: at ? `${at.tagName.toLowerCase()}.${at.getAttribute('class') ?? ''}` : 'nothing' };
    });
    return { overlaps, hitElsewhere: !inside, hit };
  }

  /** The online counter: its number, and 'socket' or 'sync' for where the number came from. */
  async online(): Promise<{ count: number; source: string } | null> {
    const el = this.page.getByTestId('live-online');
    if (!(await el.count())) return null;
    return { count: Number(await el.getAttribute('data-count')), source: (await el.getAttribute('data-source')) ?? '' };
  }
}

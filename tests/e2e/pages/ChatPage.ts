import type { Locator, Page } from 'playwright-core';

/**
 * The event chat as it appears on an event's page (/<locale>/events/<id>), in English: the list of
 * comments, each with its state (sent, pending, rejected), and the form below it.
 */
export class ChatPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly locale = 'en',
  ) {}

  url(eventId: number): string {
    return `${this.baseUrl}/${this.locale}/events/${eventId}`;
  }

  async goto(eventId: number): Promise<void> {
    await this.page.goto(this.url(eventId));
  }

  get root(): Locator {
    return this.page.getByTestId('event-chat');
  }

  /** The scrolling list (named by the chat's title). */
  get list(): Locator {
    return this.root.getByLabel('Event chat', { exact: true });
  }

  get messages(): Locator {
    return this.root.getByTestId('chat-message');
  }

  /** The comments whose text is exactly `text` (the text is rendered as text, markup included). */
  messagesWithText(text: string): Locator {
    return this.messages.filter({ has: this.page.locator('.chat-msg__text').getByText(text, { exact: true }) });
  }

  get empty(): Locator {
    return this.root.getByText('No messages yet', { exact: true });
  }

  get input(): Locator {
    return this.root.getByPlaceholder('Write a comment…');
  }

  get send(): Locator {
    return this.root.getByRole('button', { name: 'Send', exact: true });
  }

  get attach(): Locator {
    return this.root.locator('input[type=file]');
  }

  /** The form's own message (a refused picture, say). */
  get notice(): Locator {
    return this.root.getByRole('alert');
  }

  get olderButton(): Locator {
    return this.root.getByRole('button', { name: 'Show earlier messages' });
  }

  deleteButton(message: Locator): Locator {
    return message.getByRole('button', { name: 'Delete', exact: true });
  }

  /** The question a Delete asks before anything leaves the chat. */
  deleteQuestion(message: Locator): Locator {
    return message.getByRole('group', { name: /delete this comment/i });
  }

  /** Delete, then the confirmation: the comment goes for everyone. */
  async deleteComment(message: Locator): Promise<void> {
    await this.deleteButton(message).click();
    await this.deleteQuestion(message).getByRole('button', { name: 'Delete comment' }).click();
  }

  blockButton(message: Locator): Locator {
    return message.getByRole('button', { name: 'Block', exact: true });
  }

  async states(text: string): Promise<string[]> {
    return this.messagesWithText(text).evaluateAll((els) => els.map((e) => e.getAttribute('data-state') ?? ''));
  }

  async count(): Promise<number> {
    return this.messages.count();
  }

  /** Distance in pixels between the list's visible bottom and its end. */
  async distanceFromBottom(): Promise<number> {
    return this.list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  }

  async scrollTo(top: number | 'bottom'): Promise<void> {
    await this.list.evaluate((el, to) => {
      el.scrollTop = to === 'bottom' ? el.scrollHeight : to;
      el.dispatchEvent(new Event('scroll'));
    }, top);
  }

  async scrollTop(): Promise<number> {
    return this.list.evaluate((el) => el.scrollTop);
  }

  /** The text of the first (oldest) comment shown. */
  async firstText(): Promise<string> {
    return ((await this.messages.first().locator('.chat-msg__text').textContent()) ?? '').trim();
  }
}

import type { Locator, Page } from 'playwright-core';

/**
 * The checkout in English (src/features/checkout), as a dialog over a page or as its own page:
 * quantities per ticket type, attendee details, and the payment step.
 */
export class Checkout {
  constructor(readonly page: Page) {}

  /** The dialog when it is open over a page, else the page's main content. */
  get root(): Locator {
    return this.page.locator('dialog[open].checkout-modal, main .checkout-page').first();
  }

  async choose(typeName: string, quantity: number): Promise<void> {
    await this.root.getByLabel(`How many: ${typeName}`).selectOption(String(quantity));
  }

  async next(): Promise<void> {
    await this.root.getByRole('button', { name: 'Continue' }).click();
  }

  /** The n-th ticket's attendee block (from 1). */
  ticket(n: number): Locator {
    return this.root.locator('fieldset.checkout__attendee').nth(n - 1);
  }

  async fillName(n: number, name: string): Promise<void> {
    await this.ticket(n).getByLabel('Name on the ticket').fill(name);
  }

  async method(label: 'Bank transfer or at the venue' | 'Card'): Promise<void> {
    await this.root.getByRole('radio', { name: new RegExp(label) }).check();
  }

  button(name: string | RegExp): Locator {
    return this.root.getByRole('button', { name });
  }

  link(name: string | RegExp): Locator {
    return this.root.getByRole('link', { name });
  }

  async text(): Promise<string> {
    return ((await this.root.textContent()) ?? '').replace(/\s+/g, ' ');
  }
}

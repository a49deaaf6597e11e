import type { Locator, Page } from 'playwright-core';

/**
 * The organiser's screens in English: the owner links on the event page, the ticket design
 * settings (/<locale>/events/<id>/ticket-design) and the door staff card of the door page.
 */
export class OrganiserPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly locale = 'en',
  ) {}

  async gotoEvent(eventId: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/${this.locale}/events/${eventId}`);
  }

  async gotoDesign(eventId: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/${this.locale}/events/${eventId}/ticket-design`);
  }

  /** The event page's links for its owner. */
  get ownerLinks(): Locator {
    return this.page.getByRole('navigation', { name: 'Organiser' });
  }

  get eventTitle(): Locator {
    return this.page.getByRole('main').getByRole('heading', { level: 1 });
  }

  // ---- ticket design ----

  get roles(): Locator {
    return this.page.getByRole('region', { name: 'Roles' });
  }

  /** The row of a role, found by the name in its field (names are what the owner sees). */
  async role(name: string): Promise<Locator> {
    const rows = this.roles.locator('li');
    const n = await rows.count();
    for (let i = 0; i < n; i++) {
      const row = rows.nth(i);
      if ((await row.getByLabel('Name').inputValue()) === name) return row;
    }
    throw new Error(`no role named ${name}`);
  }

  async roleNames(): Promise<string[]> {
    return this.roles.getByLabel('Name').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  }

  removeButton(row: Locator): Locator {
    return row.getByRole('button', { name: 'Remove' });
  }

  enabledBox(row: Locator): Locator {
    return row.getByRole('checkbox', { name: 'Enabled' });
  }

  get badgePicture(): Locator {
    return this.page.getByLabel('Badge picture', { exact: true });
  }

  get badgePreview(): Locator {
    return this.page.getByRole('img', { name: 'Badge picture preview' });
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save changes' }).click();
  }

  get saved(): Locator {
    return this.page.getByText('Saved.', { exact: true });
  }

  get ownersOnly(): Locator {
    return this.page.getByRole('heading', { name: "Only the event's organisers can edit this" });
  }

  // ---- door ----

  get doorForbidden(): Locator {
    return this.page.getByRole('heading', { name: 'You cannot check tickets for this event' });
  }

  get staffCard(): Locator {
    return this.page.getByRole('region', { name: 'Door staff' });
  }

  async addStaff(email: string): Promise<void> {
    const field = this.staffCard.getByRole('textbox');
    await field.fill(email);
    await this.staffCard.getByRole('button', { name: 'Add', exact: true }).click();
  }
}

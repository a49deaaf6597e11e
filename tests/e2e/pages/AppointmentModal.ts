import type { Locator, Page } from 'playwright-core';

/**
 * The appointment modal (networking.md §2) in Ukrainian, the default locale: date tabs, the slot
 * picker (radios named "HH:mm, <meaning>"), and the place step of an in-person event.
 */
export class AppointmentModal {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /створити зустріч|змінити зустріч/i });
  }

  slot(time: string): Locator {
    return this.dialog.getByRole('radio', { name: new RegExp(`^${time},`) });
  }

  /** Free slots, once the statuses (from the server or the device) are shown. */
  get freeSlots(): Locator {
    return this.dialog.getByRole('radio', { name: /вільний час/i });
  }

  dayTab(label: string): Locator {
    return this.dialog.getByRole('tab', { name: new RegExp(label, 'i') });
  }

  get submit(): Locator {
    return this.dialog.getByRole('button', { name: /^(наступний крок|призначити зустріч)$/i });
  }

  /** The place step: a table the server assigns, then the request. */
  async chooseTableIfAsked(): Promise<void> {
    const place = this.page.getByRole('dialog', { name: /виберіть місце/i });
    if (!(await place.isVisible())) return;
    await place.getByRole('radio', { name: /стіл/i }).check();
    await place.getByRole('button', { name: /^призначити зустріч$/i }).click();
  }
}

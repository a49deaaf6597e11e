import type { Locator, Page } from 'playwright-core';

/**
 * The appointment modal (networking.md §2) in Ukrainian, the default locale, or in English: date
 * tabs, the slot picker (radios named "HH:mm, <meaning>"), and the place step of an in-person event.
 */
export class AppointmentModal {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /створити зустріч|змінити зустріч|create appointment|edit appointment/i });
  }

  slot(time: string): Locator {
    return this.dialog.getByRole('radio', { name: new RegExp(`^${time},`) });
  }

  /** Free slots, once the statuses (from the server or the device) are shown. */
  get freeSlots(): Locator {
    return this.dialog.getByRole('radio', { name: /вільний час|free time/i });
  }

  /** The event the modal books for, under its title. */
  get eventName(): Locator {
    return this.dialog.locator('.appointment-modal__event');
  }

  /** The line that says the statuses come from this device and the server will decide. */
  get provisional(): Locator {
    return this.dialog.locator('.appointment-modal__provisional');
  }

  /** "The times of this day have not reached this device yet". */
  get notOnDevice(): Locator {
    return this.dialog.locator('.appointment-modal__note');
  }

  dayTab(label: string): Locator {
    return this.dialog.getByRole('tab', { name: new RegExp(label, 'i') });
  }

  get submit(): Locator {
    return this.dialog.getByRole('button', { name: /^(наступний крок|призначити зустріч|next step|make appointment)$/i });
  }

  /** The place step: a table the server assigns, then the request. */
  async chooseTableIfAsked(): Promise<void> {
    const place = this.page.getByRole('dialog', { name: /виберіть місце|select place/i });
    if (!(await place.isVisible())) return;
    await place.getByRole('radio', { name: /стіл|a table/i }).check();
    await place.getByRole('button', { name: /^(призначити зустріч|make appointment)$/i }).click();
  }
}

import type { Locator, Page } from 'playwright-core';

/**
 * The door check-in screen (/<locale>/events/<id>/checkin) in English: the status panel, the code
 * field, the answer to the last scan, and the conflicts card.
 */
export class DoorPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly locale = 'en',
  ) {}

  async goto(eventId: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/${this.locale}/events/${eventId}/checkin`);
  }

  get codeField(): Locator {
    return this.page.getByLabel('Ticket code');
  }

  /** Types the code and presses Enter, as a keyboard-wedge scanner does. */
  async enter(code: string): Promise<void> {
    await this.codeField.fill(code);
    await this.codeField.press('Enter');
  }

  get result(): Locator {
    return this.page.locator('.door-result');
  }

  /** The last scan's result code (admitted, already_used, forged…) with its scan id, or null. */
  async lastResult(): Promise<{ result: string; text: string } | null> {
    if ((await this.result.count()) === 0) return null;
    return { result: (await this.result.getAttribute('data-result')) ?? '', text: ((await this.result.textContent()) ?? '').trim() };
  }

  async waiting(): Promise<number> {
    return Number(((await this.page.getByTestId('door-waiting').textContent()) ?? '').trim());
  }

  /** Scans set aside because the server kept failing on them (0 when the warning is not shown). */
  async parked(): Promise<number> {
    const warning = this.page.getByTestId('door-parked');
    if ((await warning.count()) === 0) return 0;
    return Number(/\d+/.exec((await warning.textContent()) ?? '')?.[0] ?? 0);
  }

  /** "admitted of tickets", as the head count shows it. */
  async headCount(): Promise<{ admitted: number; tickets: number } | null> {
    const text = (await this.page.getByTestId('door-admitted').textContent()) ?? '';
    const m = /(\d+)\D+(\d+)/.exec(text);
    return m ? { admitted: Number(m[1]), tickets: Number(m[2]) } : null;
  }

  /** online, offline, connecting or error. */
  async link(): Promise<string | null> {
    return this.page.locator('[data-link]').getAttribute('data-link');
  }

  /** How many scans the "Scans on this device" list shows. */
  async recentCount(): Promise<number> {
    return this.page.locator('.door-recent__item').count();
  }

  get conflicts(): Locator {
    return this.page.getByRole('region', { name: 'Conflicts' });
  }

  async conflictCount(): Promise<number> {
    return this.conflicts.locator('.door-conflicts__item').count();
  }

  /** The organiser's list of every scan. */
  get scanLog(): Locator {
    return this.page.getByRole('region', { name: 'All scans' });
  }

  /** Picks a verdict in the list's filter (all, admitted, refused, duplicate). */
  async filterScans(verdict: 'all' | 'admitted' | 'refused' | 'duplicate'): Promise<void> {
    await this.scanLog.getByLabel('Show').selectOption(verdict);
  }

  /** The verdicts of the rows the scan list shows, newest first. */
  async scanVerdicts(): Promise<string[]> {
    return this.scanLog.locator('tr[data-verdict]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-verdict') ?? ''));
  }

  /** The download of the event's tickets: whether it is done, and what it says. */
  async download(): Promise<{ ready: boolean; text: string } | null> {
    const el = this.page.getByTestId('door-download');
    if ((await el.count()) === 0) return null;
    return { ready: (await el.getAttribute('data-ready')) === 'true', text: ((await el.textContent()) ?? '').trim() };
  }

  get checkOnline(): Locator {
    return this.result.getByRole('button', { name: 'Check online' });
  }

  async keyReady(): Promise<boolean> {
    return (await this.page.getByLabel('Door status').textContent())?.includes('Signature keyOn this device') ?? false;
  }
}

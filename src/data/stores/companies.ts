import type { CompanyDoc } from '../../../contract/companies.ts';
import type { ScopesDoc } from '../../../sync/engine/scoped.ts';
import { query, type Device } from '../device.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/**
 * Companies (events.md §2): the list, the company page and the event page's card, all from the
 * `companies` documents on the device. Opening any of them asks the sync worker to replicate that
 * event's stands (sync/engine/scoped.ts requestScope), so an event opened once keeps its companies offline.
 */
export class CompaniesStores {
  readonly byEvent = new LiveStoreMap<number, CompanyDoc[]>((eventId) => new LiveStore(query('companies', eventId), []));
  readonly scopes = new LiveStore<ScopesDoc | null>(query('scopes'), null);
  private device: Device | null = null;
  /** Asked for before the device was there (or while a logout replaced it). */
  private readonly waiting = new Set<number>();

  setDevice(device: Device | null): void {
    this.device = device;
    this.byEvent.setDevice(device);
    this.scopes.setDevice(device);
    if (device) for (const eventId of this.waiting) this.request(eventId);
  }

  /** Written locally, so asking works offline; the worker starts the replication when it can. */
  request(eventId: number): void {
    if (eventId <= 0) return;
    if (!this.device) {
      this.waiting.add(eventId);
      return;
    }
    this.waiting.delete(eventId);
    this.device.call('requestScope', 'companies', eventId).catch((err: unknown) => console.error('foyer: asking for companies failed', err));
  }
}

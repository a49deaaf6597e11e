import type { CompanyDoc } from '../../../contract/companies.ts';
import { observeCompanies } from '../../../sync/views/companies/companies.ts';
import type { FoyerDatabase } from '../../../sync/engine/database.ts';
import { observeScopes, requestScope, type ScopesDoc } from '../../../sync/engine/scoped.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/**
 * Companies (events.md §2): the list, the company page and the event page's card, all from the
 * `companies` documents on the device. Opening any of them asks the sync worker to replicate that
 * event's stands (sync/engine/scoped.ts requestScope), so an event opened once keeps its companies offline.
 */
export class CompaniesStores {
  readonly byEvent = new LiveStoreMap<number, CompanyDoc[]>((eventId) => new LiveStore((db) => observeCompanies(db, eventId), []));
  readonly scopes = new LiveStore<ScopesDoc | null>((db) => observeScopes(db), null);
  private db: FoyerDatabase | null = null;
  /** Asked for before the database was open (or while a logout replaced it). */
  private readonly waiting = new Set<number>();

  setDatabase(db: FoyerDatabase | null): void {
    this.db = db;
    this.byEvent.setDatabase(db);
    this.scopes.setDatabase(db);
    if (db) for (const eventId of this.waiting) this.request(eventId);
  }

  /** Written locally, so asking works offline; the worker starts the replication when it can. */
  request(eventId: number): void {
    if (eventId <= 0) return;
    if (!this.db) {
      this.waiting.add(eventId);
      return;
    }
    this.waiting.delete(eventId);
    requestScope(this.db, 'companies', eventId).catch((err: unknown) => console.error('foyer: asking for companies failed', err));
  }
}

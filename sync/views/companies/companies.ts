import { map, type Observable } from 'rxjs';
import type { CompanyDoc } from '../../../contract/companies.ts';
import type { FoyerDatabase } from '../../engine/database.ts';

/**
 * Companies (stands) of an event, from the `companies` documents the device replicates for the
 * events opened on it (sync/engine/scopes.ts). Pure ordering and paging, the same on every screen: the
 * list (COMPANIES_PAGE_SIZE a page), the event page's card (the first COMPANIES_CARD_SIZE) and the
 * company page.
 */

/** The organiser's order, then by name, then by stand id so two devices never disagree. */
export function compareCompanies(a: CompanyDoc, b: CompanyDoc): number {
  return a.sort - b.sort || a.name.localeCompare(b.name) || a.stand_id - b.stand_id;
}

export function sortCompanies(list: readonly CompanyDoc[]): CompanyDoc[] {
  return [...list].sort(compareCompanies);
}

export interface CompaniesPage {
  items: CompanyDoc[];
  total: number;
}

/** One page (0-based) of `size`; a page past the end gives the last one, so a shrinking list never shows nothing. */
export function pageOfCompanies(sorted: readonly CompanyDoc[], page: number, size: number): CompaniesPage & { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(sorted.length / size));
  const current = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  return { items: sorted.slice(current * size, current * size + size), total: sorted.length, page: current, pages };
}

export function observeCompanies(db: FoyerDatabase, eventId: number): Observable<CompanyDoc[]> {
  return db.companies.find({ selector: { event_id: eventId } }).$.pipe(map((list) => sortCompanies(list.map((d) => d.toJSON() as CompanyDoc))));
}

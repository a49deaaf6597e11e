import { combineLatest, distinctUntilChanged, map, ReplaySubject, type Observable, type Subscription } from 'rxjs';
import type { EventDoc } from '../../../contract/entities.ts';
import type { FoyerDatabase } from '../../engine/database.ts';
import { observeEventVisitors } from './store.ts';
import {
  categoryCounts,
  cityCounts,
  countryCounts,
  menuOf,
  queryVisitors,
  type CategoryCount,
  type CityCount,
  type CountryCount,
  type PreparedVisitor,
  type Viewer,
  type VisitorsFilter,
  type VisitorsPage,
} from './visitors.ts';

/**
 * The visitors screen's read model, kept in the sync worker (issue 13). Per event, the prepared and
 * overlaid list is built once and then kept current by its live query for as long as the worker
 * runs, so opening the screen again costs a page lookup on a list already sorted, not a read of
 * every document. The page gets what it draws: one page of cards, the totals and the selects'
 * counts, a few kilobytes where the list itself is thousands of documents.
 */

export interface VisitorsRead extends VisitorsPage {
  /** Every visitor of the event the device holds. */
  allCount: number;
  countries: CountryCount[];
  cities: CityCount[];
  categories: CategoryCount[];
}

export const EMPTY_VISITORS_READ: VisitorsRead = { items: [], total: 0, allCount: 0, countries: [], cities: [], categories: [] };

interface Source {
  list: PreparedVisitor[];
  menu: Map<number, string>;
}

interface Selects {
  menuKey: string;
  countries: CountryCount[];
  cities: CityCount[];
  categories: CategoryCount[];
}

/** The selects depend on the list and the menu only: every filter of one list shares them. */
const selectsByList = new WeakMap<readonly PreparedVisitor[], Selects>();

function selectsOf(list: readonly PreparedVisitor[], menu: ReadonlyMap<number, string>): Selects {
  const menuKey = JSON.stringify([...menu]);
  const known = selectsByList.get(list);
  if (known && known.menuKey === menuKey) return known;
  const selects = { menuKey, countries: countryCounts(list), cities: cityCounts(list), categories: categoryCounts(list, menu) };
  selectsByList.set(list, selects);
  return selects;
}

export function readVisitors({ list, menu }: Source, filter: VisitorsFilter, viewer: Viewer): VisitorsRead {
  const { items, total } = queryVisitors(list, filter, viewer);
  const { countries, cities, categories } = selectsOf(list, menu);
  return { items, total, allCount: list.length, countries, cities, categories };
}

export class VisitorReadModels {
  private readonly sources = new Map<number, { value: ReplaySubject<Source>; sub: Subscription }>();

  constructor(private readonly db: FoyerDatabase) {}

  /** One page of one event's visitors, again whenever the list, the menu or the user's relations change. */
  observe(eventId: number, filter: VisitorsFilter, viewer: Viewer): Observable<VisitorsRead> {
    return this.source(eventId).pipe(map((source) => readVisitors(source, filter, viewer)));
  }

  /** Before the database closes. */
  dispose(): void {
    for (const { sub, value } of this.sources.values()) {
      sub.unsubscribe();
      value.complete();
    }
    this.sources.clear();
  }

  private source(eventId: number): Observable<Source> {
    let source = this.sources.get(eventId);
    if (!source) {
      const menu$ = this.db.events.findOne(String(eventId)).$.pipe(
        map((d) => menuOf(d ? (d.toJSON() as EventDoc) : undefined)),
        distinctUntilChanged((a, b) => JSON.stringify([...a]) === JSON.stringify([...b])),
      );
      // Held, not reference-counted: the list stays built and current after the screen closes.
      const value = new ReplaySubject<Source>(1);
      const sub = combineLatest([observeEventVisitors(this.db, eventId), menu$])
        .pipe(map(([list, menu]) => ({ list, menu })))
        .subscribe({
          next: (s) => value.next(s),
          error: (err: unknown) => {
            // The next screen that asks builds it again.
            this.sources.delete(eventId);
            value.error(err);
          },
        });
      source = { value, sub };
      this.sources.set(eventId, source);
    }
    return source.value;
  }
}

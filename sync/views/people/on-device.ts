import { combineLatest, distinctUntilChanged, map, timer } from 'rxjs';
import type { FoyerDatabase } from '../../engine/database.ts';
import type { PeopleTab } from '../../../contract/visitors.ts';
import { observeAllVisitors } from '../visitors/store.ts';
import { readLocalPeople } from './people.ts';

/** Events end as time passes: the people card's read is redone every minute, as the page's clock ticks. */
const PEOPLE_CLOCK_MS = 60_000;
/** During a first sync the card recounts at most once a second (observeAllVisitors). */
const PEOPLE_SETTLE_MS = 1000;

/**
 * The live reads of the people card: a page of people counted from every visitor document on the
 * device, as the worker serves them to the page by name (workers/queries.ts merges every area's).
 * A screen reads one with useDevice(query(name, ...args)).
 */
export const PEOPLE_READS = {
  /** Counted in the worker, since it is computed from every visitor document. */
  localPeople: (db: FoyerDatabase, tab: PeopleTab, limit: number) =>
    combineLatest([observeAllVisitors(db, PEOPLE_SETTLE_MS), timer(0, PEOPLE_CLOCK_MS)]).pipe(
      map(([{ visitors, events }]) => readLocalPeople(visitors, events, tab, limit, Math.floor(Date.now() / 1000))),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    ),
} as const;

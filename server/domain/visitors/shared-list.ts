import type { Q } from '../../db/tx.ts';
import type { VisitorQuery } from './filters.ts';
import { eventVisitorsByIds, sharedEventListIds, type ListPage, type Viewer, type VisitorRow } from './repository.ts';

/**
 * The order of an event's visitor list (get-event-people without filters) is the same for every
 * participant who is on it: sorting a 5,000-person event for each call cost ~90 ms of PostgreSQL
 * (issue 28). This keeps the ordered ids per event and sort, with the visitors version they were
 * read at (repository sharedEventListIds), and answers a page by reading only that page's people
 * as the viewer sees them, in one statement that reads the version again. The page is used only
 * when both versions are the same, which means no write to anybody's rows of that event committed
 * in between, on this instance or any other; otherwise the list is read again (once per request,
 * and once for all who ask at the same moment), and if people changed again meanwhile the caller
 * reads the page as it always did. So the memory needs no invalidation, and its
 * size is its only policy (the least recently used list goes first).
 *
 * Per-viewer parts stay per viewer: likes, stars and friends are read for the viewer with the
 * page; a participant who hides gets the list with themselves in it, and a viewer who is not a
 * participant (and sees the list under other rules) is answered by the caller's own query.
 */
/** `ids`: every participant in order; `shown`: the same without those who hide, as the others see it. */
type SharedList = { version: string; ids: number[]; members: Set<number>; hidden: Set<number>; shown: number[] };

export class SharedVisitorLists {
  private readonly lists = new Map<string, SharedList>();
  /** Reads running now, so the askers of one list at one moment read it once. */
  private readonly reading = new Map<string, Promise<SharedList>>();

  constructor(readonly maxLists: number) {}

  /** The page from the shared list, or null when this viewer or query must be read on its own. */
  async page(db: Q, eventId: number, viewer: Viewer, query: VisitorQuery): Promise<ListPage<VisitorRow & { next_event_id: number | null }> | null> {
    if (this.maxLists <= 0 || viewer.id === null || !viewer.events.includes(eventId) || !unfiltered(query)) return null;
    const key = `${eventId}:${query.sort.key}:${query.sort.dir}`;
    const kept = this.lists.get(key);
    if (kept) {
      const page = await this.pageOf(db, eventId, viewer, query, kept);
      if (page !== 'stale') return page;
    }
    // At most one read of the list per request: when people change faster than that, the caller's
    // own query is the cheaper answer.
    const page = await this.pageOf(db, eventId, viewer, query, await this.read(db, key, eventId, query.sort));
    return page === 'stale' ? null : page;
  }

  private async pageOf(db: Q, eventId: number, viewer: Viewer, query: VisitorQuery, list: SharedList) {
    if (viewer.id === null || !list.members.has(viewer.id)) return null;
    const self = viewer.id;
    // Whoever hides sees the others' list with themselves in their place; they were 4 % of a big
    // event's participants, and each of their reads cost the whole list's query.
    const theirs = list.hidden.has(self) ? list.ids.filter((id) => id === self || !list.hidden.has(id)) : list.shown;
    const ids = theirs.slice(query.offset, query.offset + query.limit);
    const got = await eventVisitorsByIds(db, eventId, viewer, ids);
    if (got.version !== list.version) return 'stale' as const;
    const byId = new Map(got.rows.map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id));
    if (rows.some((r) => r === undefined)) return null;
    return { rows: rows as (VisitorRow & { next_event_id: number | null })[], count: theirs.length };
  }

  private read(db: Q, key: string, eventId: number, sort: VisitorQuery['sort']): Promise<SharedList> {
    const running = this.reading.get(key);
    if (running) return running;
    const made = sharedEventListIds(db, eventId, sort)
      .then((read) => {
        const hidden = new Set(read.hidden);
        const shown = hidden.size === 0 ? read.ids : read.ids.filter((id) => !hidden.has(id));
        const list = { version: read.version, ids: read.ids, members: new Set(read.ids), hidden, shown };
        this.store(key, list);
        return list;
      })
      .finally(() => this.reading.delete(key));
    this.reading.set(key, made);
    return made;
  }

  private store(key: string, list: SharedList): void {
    const old = this.lists.get(key);
    // A slower read of an older version must not replace a newer list.
    if (old && BigInt(old.version) > BigInt(list.version)) return;
    this.lists.delete(key);
    this.lists.set(key, list);
    while (this.lists.size > this.maxLists) {
      const oldest = this.lists.keys().next().value;
      if (oldest === undefined) break;
      this.lists.delete(oldest);
    }
  }
}

/** No filter narrows the list (the event it is of is no filter; a switch that is off is none either). */
function unfiltered(query: VisitorQuery): boolean {
  return Object.entries(query.filter).every(([k, v]) => k === 'eventId' || v === undefined || v === false);
}

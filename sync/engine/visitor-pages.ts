import type { RxCollection, RxJsonSchema, WithDeleted } from 'rxdb';
import { toRxJsonSchema, VisitorsCollection, type VisitorDoc } from '../../contract/index.ts';

/**
 * The device keeps an event's visitors packed, a few hundred to a document, not one document per
 * person (issue 28). A first sync of a 20,000-visitor event wrote 20,000 IndexedDB records, and
 * the storage's cost per record (IndexedDB's put, Dexie and RxDB around it, RxDB's bookkeeping of
 * each replicated document) was most of the phone's work: 26 s over Slow 4G where the link
 * itself needs ~7.5 s. Packed, the same sync writes 40 records.
 *
 * The server's feed is unchanged: it still sends one document per visitor, and the packer below
 * folds each pulled page into the pages it touches. A person keeps the page they first landed in,
 * so an edit rewrites that one page; newcomers fill the last page, then open the next; a page left
 * empty is deleted. Every reader flattens the pages back into the visitor documents it read before.
 */

/** People per stored page: the size of a pulled page, so a first sync writes each page once. */
export const VISITOR_PAGE_SIZE = 500;

export interface VisitorPageDoc {
  /** `${event_id}:${page}`. */
  id: string;
  event_id: number;
  page: number;
  /** In the order they arrived; never two with the same id. */
  rows: VisitorDoc[];
}

/**
 * The local collection's schema. Version 2: the documents were visitors themselves up to 1, so the
 * migration drops them and the device pulls the event again (database.ts), under a new checkpoint
 * name (`replicationIdentifier` uses the local version).
 */
export const VISITOR_PAGES_VERSION = 2;

export function visitorPagesSchema(): RxJsonSchema<VisitorPageDoc> {
  const row = toRxJsonSchema(VisitorsCollection) as { properties: Record<string, unknown>; required: string[] };
  const int = { type: 'integer', minimum: 0, maximum: 2147483647, multipleOf: 1 } as const;
  return {
    title: 'visitors',
    version: VISITOR_PAGES_VERSION,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 40 },
      event_id: int,
      page: int,
      rows: { type: 'array', items: { type: 'object', properties: row.properties, required: row.required, additionalProperties: false } },
    },
    required: ['id', 'event_id', 'page', 'rows'],
    additionalProperties: false,
    indexes: ['event_id'],
  } as RxJsonSchema<VisitorPageDoc>;
}

export const pageId = (eventId: number, page: number) => `${eventId}:${page}`;

/** What a pulled page wrote: each touched page whole, and the emptied ones deleted. */
export type PageWrite = WithDeleted<VisitorPageDoc>;

/**
 * One event's pages as the replication last wrote them. It runs ahead of the storage (RxDB
 * persists what a pull answered while the next page is fetched), so it is the truth the next page
 * is folded into; it is built from the storage once, when the feed first runs in this worker.
 */
export class VisitorPacker {
  private readonly pages = new Map<number, Map<string, VisitorDoc>>();
  private readonly pageOf = new Map<string, number>();
  private last = 0;

  constructor(
    readonly eventId: number,
    stored: readonly VisitorPageDoc[] = [],
    private readonly pageSize = VISITOR_PAGE_SIZE,
  ) {
    for (const p of stored) {
      const rows = new Map<string, VisitorDoc>();
      for (const row of p.rows) {
        rows.set(row.id, row);
        this.pageOf.set(row.id, p.page);
      }
      this.pages.set(p.page, rows);
      this.last = Math.max(this.last, p.page);
    }
  }

  /** How many people the pages hold. */
  get size(): number {
    return this.pageOf.size;
  }

  /**
   * Folds pulled documents into the pages and returns the pages to write. Never empty when
   * `docs` is not: RxDB takes an empty answer for the end of the feed and would not store the
   * checkpoint past a page that only removed people this device never had.
   */
  apply(docs: readonly WithDeleted<VisitorDoc>[]): PageWrite[] {
    const touched = new Set<number>();
    for (const doc of docs) {
      const { _deleted, ...row } = doc as WithDeleted<VisitorDoc> & { _meta?: unknown };
      const known = this.pageOf.get(row.id);
      if (_deleted) {
        if (known === undefined) continue;
        this.pages.get(known)?.delete(row.id);
        this.pageOf.delete(row.id);
        touched.add(known);
        continue;
      }
      const at = known ?? this.roomyPage();
      const rows = this.pages.get(at) ?? new Map<string, VisitorDoc>();
      this.pages.set(at, rows);
      rows.set(row.id, row as VisitorDoc);
      this.pageOf.set(row.id, at);
      touched.add(at);
    }
    if (docs.length && !touched.size) touched.add(this.last);
    return [...touched].sort((a, b) => a - b).map((page) => this.write(page));
  }

  private roomyPage(): number {
    const rows = this.pages.get(this.last);
    if (rows && rows.size >= this.pageSize) this.last++;
    return this.last;
  }

  private write(page: number): PageWrite {
    const rows = this.pages.get(page) ?? new Map<string, VisitorDoc>();
    // The last page stays even when empty: newcomers go there, and its number is where the next opens.
    const gone = rows.size === 0 && page !== this.last;
    if (gone) this.pages.delete(page);
    return { id: pageId(this.eventId, page), event_id: this.eventId, page, rows: [...rows.values()], _deleted: gone };
  }
}

/**
 * The packers of this worker, one per replication identifier: a replication stopped and started
 * again (a reconnect, a new run) continues from the packer that already holds its pages, which
 * may be ahead of the storage. A new identifier (another user, the event forgotten and joined
 * again) starts from what is stored.
 */
const packers = new WeakMap<RxCollection, Map<string, Promise<VisitorPacker>>>();

export function packerFor(collection: RxCollection, identifier: string, eventId: number): Promise<VisitorPacker> {
  const byId = packers.get(collection) ?? new Map<string, Promise<VisitorPacker>>();
  packers.set(collection, byId);
  let packer = byId.get(identifier);
  if (!packer) {
    packer = readPages(collection, eventId).then((stored) => new VisitorPacker(eventId, stored));
    // A failed read is not kept: the next pull reads again.
    packer.catch(() => byId.delete(identifier));
    byId.set(identifier, packer);
  }
  return packer;
}

async function readPages(collection: RxCollection, eventId: number): Promise<VisitorPageDoc[]> {
  const found = await collection.find({ selector: { event_id: eventId } }).exec();
  return found.map((d) => d.toJSON() as VisitorPageDoc);
}

/** The visitors held in pages, in page order. */
export function rowsOf(pages: readonly VisitorPageDoc[]): VisitorDoc[] {
  const sorted = pages.length > 1 ? [...pages].sort((a, b) => a.page - b.page) : pages;
  return sorted.flatMap((p) => p.rows);
}

/** The event part of a visitor id (`${event_id}:${user_id}`). */
export function eventOfVisitorId(id: string): number | null {
  const n = Number(id.split(':')[0]);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Every visitor the device holds of one event, or of every event. */
export async function readVisitorRows(collection: RxCollection<VisitorPageDoc>, eventId?: number): Promise<VisitorDoc[]> {
  const found = await collection.find(eventId === undefined ? {} : { selector: { event_id: eventId } }).exec();
  return rowsOf(found.map((d) => d.toJSON() as VisitorPageDoc));
}

/** One visitor by id (`${event_id}:${user_id}`), or null. */
export async function findVisitorRow(collection: RxCollection<VisitorPageDoc>, id: string): Promise<VisitorDoc | null> {
  const eventId = eventOfVisitorId(id);
  if (eventId === null) return null;
  return (await readVisitorRows(collection, eventId)).find((v) => v.id === id) ?? null;
}

/**
 * Writes visitor documents as the replication would, for what fills a database without a server:
 * node tests and the benches. `_deleted` removes one.
 */
export async function putVisitorRows(collection: RxCollection<VisitorPageDoc>, docs: readonly (VisitorDoc & { _deleted?: boolean })[]): Promise<void> {
  const byEvent = new Map<number, WithDeleted<VisitorDoc>[]>();
  for (const doc of docs) {
    const list = byEvent.get(doc.event_id) ?? [];
    list.push({ ...doc, _deleted: !!doc._deleted });
    byEvent.set(doc.event_id, list);
  }
  for (const [eventId, list] of byEvent) {
    const stored = (await collection.find({ selector: { event_id: eventId } }).exec()).map((d) => d.toJSON() as VisitorPageDoc);
    const writes = new VisitorPacker(eventId, stored).apply(list);
    const kept = writes.filter((w) => !w._deleted).map(({ _deleted, ...page }) => page);
    const gone = writes.filter((w) => w._deleted).map((w) => w.id);
    if (kept.length) {
      const { error } = await collection.bulkUpsert(kept);
      if (error.length) throw new Error(`writing visitor pages: ${JSON.stringify(error[0]).slice(0, 300)}`);
    }
    if (gone.length) await collection.bulkRemove(gone);
  }
}

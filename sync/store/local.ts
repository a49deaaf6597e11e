import { type Observable, distinctUntilChanged, filter, startWith, switchMap } from 'rxjs';
import type { FoyerDatabase } from '../engine/database.ts';

/**
 * Local documents hold what is not worth a collection: they are per-device, never replicated, and
 * with multiInstance a write in one realm (page, worker, another tab) reaches the others.
 */
export const LOCAL_SESSION = 'session';
export const LOCAL_VIEWED = 'viewed';
export const LOCAL_SYNC_STATUS = 'sync_status';

/** Read-modify-write that survives a concurrent writer in another realm. */
export async function modifyLocal<T extends object>(db: FoyerDatabase, id: string, initial: T, fn: (current: T) => T): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const doc = await db.getLocal<T>(id);
    try {
      if (!doc) {
        const next = fn(initial);
        await db.insertLocal<T>(id, next);
        return next;
      }
      let result: T | undefined;
      await doc.incrementalModify((data) => {
        result = fn(data as T);
        return result;
      });
      return result as T;
    } catch (err) {
      // 409: another realm wrote the document between our read and write; read it again.
      if ((err as { status?: number }).status === 409 && attempt < 5) continue;
      throw err;
    }
  }
}

export async function readLocal<T>(db: FoyerDatabase, id: string): Promise<T | null> {
  const doc = await db.getLocal<T>(id);
  return doc ? (doc.toJSON().data as T) : null;
}

export async function writeLocal<T extends object>(db: FoyerDatabase, id: string, data: T): Promise<void> {
  await db.upsertLocal<T>(id, data);
}

/**
 * The document's data, or null while it does not exist; emits again whenever any realm changes it.
 *
 * Not RxDB's `getLocal$`: that one starts two promises per change event of the whole database,
 * local or not, before it looks at the id. A first sync writes thousands of visitor documents, and
 * with some thirty local documents watched, the worker spent over a second finishing those promises
 * (rxjs removing each from a list of its thousands of siblings). Here a bulk is skipped unless it
 * holds this very document, as RxDB's own RxLocalDocument.$ does, and one read at a time runs.
 */
export function observeLocal<T>(db: FoyerDatabase, id: string): Observable<T | null> {
  return db.eventBulks$.pipe(
    // Database-level local documents come in bulks without a collection name.
    filter((bulk) => bulk.isLocal && !bulk.collectionName && bulk.events.some((e) => e.documentId === id)),
    startWith(null),
    // The newest state is read after each change, so a read overtaken by a later change can go.
    switchMap(() => readLocal<T>(db, id)),
    distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
  );
}

/** Event ids the user opened on this device, with unix seconds of the last view. */
export interface ViewedDoc {
  items: Record<string, number>;
}
/** How many views to remember; the home card shows 16 and "looked earlier" pages through the rest. */
export const VIEWED_KEEP = 200;

export function addView(current: ViewedDoc, eventId: number, atSeconds: number): ViewedDoc {
  const items = { ...current.items, [String(eventId)]: atSeconds };
  const views = Object.entries(items);
  if (views.length <= VIEWED_KEEP) return { items };
  views.sort((a, b) => b[1] - a[1]);
  return { items: Object.fromEntries(views.slice(0, VIEWED_KEEP)) };
}

export function markViewed(db: FoyerDatabase, eventId: number, atSeconds = Math.floor(Date.now() / 1000)): Promise<ViewedDoc> {
  return modifyLocal<ViewedDoc>(db, LOCAL_VIEWED, { items: {} }, (current) => addView(current, eventId, atSeconds));
}

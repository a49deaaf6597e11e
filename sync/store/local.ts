import { type Observable, distinctUntilChanged, map } from 'rxjs';
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

/** The document's data, or null while it does not exist; emits again whenever any realm changes it. */
export function observeLocal<T>(db: FoyerDatabase, id: string): Observable<T | null> {
  return db.getLocal$<T>(id).pipe(
    map((doc) => (doc ? (doc.toJSON().data as T) : null)),
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

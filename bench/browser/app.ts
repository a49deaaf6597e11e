import type { Page } from 'playwright-core';
import { DEFAULT_DB_NAME } from '../../sync/engine/database.ts';
import { LoginPage } from '../../tests/e2e/pages/LoginPage.ts';
import { waitForServiceWorkerControl } from '../../tests/e2e/fixtures/browser.ts';

/**
 * Reading the app's state from outside, the way a bench must: the page's own IndexedDB (the
 * databases RxDB's Dexie storage creates, one per collection plus one for local documents) and
 * the sync status the header shows. Nothing here touches the app's code.
 */

/** RxDB's Dexie storage names one IndexedDB database per (database, schema version, collection). */
const LOCAL_DOCS_DB = `rxdb-dexie-${DEFAULT_DB_NAME}--0--plugin-local-documents-`;

export interface SyncProbe {
  /** The header's sync state class (sync--idle…). */
  domState: string | null;
  /** The mirrored status (sync/store/local.ts LOCAL_SYNC_STATUS) the leader's engine writes. */
  status: { state: string; lastSyncedAt: number | null; pending: number } | null;
  /** sync/engine/scoped.ts: the event scopes held and when each caught up. */
  scopes: { held: string[]; synced?: Record<string, number> } | null;
}

/** One read of the local documents and the header; cheap enough to poll a few times a second. */
export async function probeSync(page: Page): Promise<SyncProbe> {
  return page.evaluate(async (dbName) => {
    const el = document.querySelector('.sync');
    const domState = el ? ([...el.classList].find((c) => c.startsWith('sync--')) ?? null) : null;
    const dbs = await indexedDB.databases();
    // Opening a database that does not exist would create it empty and confuse Dexie later.
    if (!dbs.some((d) => d.name === dbName)) return { domState, status: null, scopes: null };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open(dbName);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    try {
      if (!db.objectStoreNames.contains('docs')) return { domState, status: null, scopes: null };
      const tx = db.transaction('docs', 'readonly');
      const get = (id: string) =>
        new Promise<{ data?: unknown; _deleted?: unknown } | undefined>((resolve, reject) => {
          const r = tx.objectStore('docs').get(id);
          r.onsuccess = () => resolve(r.result as { data?: unknown } | undefined);
          r.onerror = () => reject(r.error);
        });
      const [status, scopes] = await Promise.all([get('sync_status'), get('scopes')]);
      // The Dexie storage keeps the deleted flag as the string '0' or '1' (it must be indexable).
      const live = (d: { data?: unknown; _deleted?: unknown } | undefined) => (d && d._deleted !== '1' && d._deleted !== true ? d.data : null);
      return {
        domState,
        status: live(status) as SyncProbe['status'],
        scopes: live(scopes) as SyncProbe['scopes'],
      };
    } finally {
      db.close();
    }
  }, LOCAL_DOCS_DB);
}

/**
 * Synced means what a user would call it: the header says up to date, the engine's last complete
 * pull (all running replications caught up) is after `since`, and every event scope the device
 * holds — including the ones `mustHold` names — has caught up after `since` too.
 */
export function isSynced(p: SyncProbe, since: number, mustHold: string[]): boolean {
  if (p.domState !== 'sync--idle' || !p.status || p.status.state !== 'idle') return false;
  if ((p.status.lastSyncedAt ?? 0) < since) return false;
  const held = p.scopes?.held ?? [];
  if (!mustHold.every((k) => held.includes(k))) return false;
  return held.every((k) => (p.scopes?.synced?.[k] ?? 0) >= since);
}

export async function waitUntil<T>(read: () => Promise<T>, accept: (v: T) => boolean, timeoutMs: number, what: string, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (accept(last)) return last;
    } catch {
      // The page is navigating; read again.
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Document counts of every collection the app's database holds on this device. */
export async function localCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async (prefix) => {
    const out: Record<string, number> = {};
    for (const info of await indexedDB.databases()) {
      const name = info.name ?? '';
      // Only the collections: not the local documents, RxDB's own bookkeeping or replication meta.
      if (!name.startsWith(prefix) || /plugin-local-documents|_rxdb_internal|rx-replication-meta/.test(name)) continue;
      const collection = name.slice(prefix.length).replace(/^\d+--/, '');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      try {
        if (!db.objectStoreNames.contains('docs')) continue;
        out[collection] = await new Promise<number>((resolve, reject) => {
          const r = db.transaction('docs', 'readonly').objectStore('docs').getAll();
          r.onsuccess = () => {
            const live = (r.result as { _deleted?: unknown; rows?: unknown[] }[]).filter((d) => d._deleted !== '1' && d._deleted !== true);
            // The visitors are stored in pages of people (sync/engine/visitor-pages.ts): count the people.
            resolve(collection === 'visitors' ? live.reduce((n, d) => n + (d.rows?.length ?? 0), 0) : live.length);
          };
          r.onerror = () => reject(r.error);
        });
      } finally {
        db.close();
      }
    }
    return out;
  }, `rxdb-dexie-${DEFAULT_DB_NAME}--`);
}

/**
 * Opens the login screen, waits until the service worker has precached the shell and controls the
 * page (on a first visit its download would otherwise share the link with the sync), and fills the
 * form. Returns a function that submits it, so the caller starts its clock right before.
 */
export async function prepareLogin(page: Page, baseUrl: string, email: string, password: string, locale = 'uk'): Promise<() => Promise<void>> {
  const login = new LoginPage(page, baseUrl, locale);
  await login.goto();
  await waitForServiceWorkerControl(page, 180_000);
  await login.email.fill(email);
  await login.password.fill(password);
  return () => login.password.press('Enter');
}

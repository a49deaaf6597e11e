import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { type FoyerDatabase, openDatabase } from '../../sync/engine/database.ts';
import { SyncEngine } from '../../sync/engine/engine.ts';
import type { HttpOptions } from '../../sync/engine/http.ts';
import { loginRequest, type SessionUser, writeSession } from '../../sync/engine/session.ts';
import { CACHES, RUN_TASKS } from '../../workers/caches.ts';

/**
 * The client side of a node bench: the real sync engine on RxDB + Dexie over fake-indexeddb, so the
 * benches that time the device measure the same client the PWA runs, set up the same way in each.
 */

/** A fresh device database; `name` keeps benches running side by side apart. */
export function openBenchDatabase(name: string): Promise<FoyerDatabase> {
  return openDatabase({
    name,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>,
    multiInstance: false,
  });
}

/**
 * Logs the demo user anna in and keeps her session on the device, then gives the engine that
 * session starts, not yet started: a bench times from its own `engine.start()`.
 */
export async function annaEngine(db: FoyerDatabase, http: HttpOptions): Promise<{ engine: SyncEngine; user: SessionUser }> {
  const login = await loginRequest(http, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
  if (!login.ok) throw new Error(`login as ${DEMO_ACCOUNTS.anna} failed: ${login.code}`);
  await writeSession(db, login.user);
  const engine = new SyncEngine({ db, caches: CACHES, tasks: RUN_TASKS, ...http, headers: { authorization: `Bearer ${login.token}` } });
  return { engine, user: login.user };
}

/**
 * The bench page of `bench:browser-writes`, bundled by vite from here and never part of the app:
 * it writes the same documents three ways into fresh IndexedDB databases and reports the times.
 *
 * - replication: the app's pull replication (sync/engine/replication.ts) into the app's database
 *   (sync/engine/database.ts), fed pages from memory instead of the network, so RxDB writes them exactly
 *   as a first sync does (packed into pages of people, sync/engine/visitor-pages.ts, plus its
 *   replication bookkeeping). The database is opened with the module's defaults, as the sync worker
 *   opens it (workers/host.ts): the same storage, its Dexie middleware and multiInstance follow the
 *   app's code without being restated here;
 * - bulkUpsert: one RxDB document per person, as the device stored visitors before they were
 *   packed (the wire schema, the same storage), batch by batch;
 * - Dexie: a bare Dexie table with the same primary key and indexes, bulkPut batch by batch.
 */
import Dexie from 'dexie';
import { createRxDatabase, fillWithDefaultSettings, type RxCollection } from 'rxdb';
import { getDexieStoreSchema } from 'rxdb/plugins/storage-dexie';
import { toRxJsonSchema, VisitorsCollection } from '../../../contract/index.ts';
import { getAppStorage, openDatabase } from '../../../sync/engine/database.ts';
import { packerFor, readVisitorRows } from '../../../sync/engine/visitor-pages.ts';
import { startPullReplication, toRxDocument } from '../../../sync/engine/replication.ts';

type Doc = Record<string, unknown> & { id: string; deleted: boolean };

export interface WriteResult {
  ms: number;
  stored: number;
}

/** A fresh name per run: RxDB and Dexie must start from an empty database each time. */
const fresh = (what: string) => `bench-${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function viaReplication(docs: Doc[], batch: number): Promise<WriteResult> {
  const db = await openDatabase({ name: fresh('repl') });
  try {
    const pages: Doc[][] = [];
    for (let i = 0; i < docs.length; i += batch) pages.push(docs.slice(i, i + batch));
    // The feed the server would serve, answered from memory: the checkpoint is the page number.
    const feed: typeof fetch = async (input) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
      const at = Number(url.searchParams.get('checkpoint') ?? 0);
      const page = pages[at] ?? [];
      return new Response(JSON.stringify({ documents: page, checkpoint: page.length ? at + 1 : at }), { headers: { 'content-type': 'application/json' } });
    };
    const identifier = fresh('id');
    // The pages are per event: the documents are one event's feed.
    const eventId = Number(docs[0]?.event_id);
    let caughtUp!: () => void;
    const done = new Promise<void>((resolve) => (caughtUp = resolve));
    const controller = new AbortController();
    let ticks = 0;
    const t0 = performance.now();
    const replication = startPullReplication(
      db.visitors as never,
      VisitorsCollection,
      {
        http: { baseUrl: location.origin, fetch: feed },
        signal: controller.signal,
        tick: () => ++ticks,
        onRequest: () => undefined,
        onSuccess: () => undefined,
        onCaughtUp: () => caughtUp(),
        onFailure: async (err) => {
          throw err;
        },
        onUnauthorized: async () => undefined,
      },
      { identifier: fresh('id'), batchSize: batch, eventId, packer: () => packerFor(db.visitors as never, identifier, eventId) as never },
    );
    await done;
    await replication.state.awaitInSync();
    const ms = performance.now() - t0;
    const stored = (await readVisitorRows(db.visitors, eventId)).length;
    controller.abort();
    await replication.cancel();
    return { ms, stored };
  } finally {
    await db.remove();
  }
}

async function viaBulkUpsert(docs: Doc[], batch: number): Promise<WriteResult> {
  const db = await createRxDatabase<{ visitors: RxCollection }>({ name: fresh('upsert'), storage: getAppStorage(), multiInstance: true });
  await db.addCollections({ visitors: { schema: toRxJsonSchema(VisitorsCollection) as never } });
  try {
    const rx = docs.map((d) => {
      const { _deleted: _d, ...rest } = toRxDocument(d);
      return rest;
    });
    const t0 = performance.now();
    for (let i = 0; i < rx.length; i += batch) {
      const { error } = await db.visitors.bulkUpsert(rx.slice(i, i + batch) as never[]);
      if (error.length) throw new Error(`bulkUpsert: ${JSON.stringify(error[0]).slice(0, 300)}`);
    }
    const ms = performance.now() - t0;
    return { ms, stored: await db.visitors.count().exec() };
  } finally {
    await db.remove();
  }
}

/** Dexie's index syntax for the collection's own indexes: `id, event_id, [event_id+registered_at]`. */
function dexieStores(): string {
  const schema = toRxJsonSchema(VisitorsCollection) as { indexes?: (string | string[])[] };
  const indexes = (schema.indexes ?? []).map((i) => (Array.isArray(i) ? `[${i.join('+')}]` : i));
  return ['id', ...indexes].join(', ');
}

async function viaDexie(docs: Doc[], batch: number): Promise<WriteResult> {
  const dexie = new Dexie(fresh('dexie'));
  dexie.version(1).stores({ visitors: dexieStores() });
  await dexie.open();
  try {
    const table = dexie.table('visitors');
    const t0 = performance.now();
    for (let i = 0; i < docs.length; i += batch) await table.bulkPut(docs.slice(i, i + batch));
    const ms = performance.now() - t0;
    return { ms, stored: await table.count() };
  } finally {
    dexie.close();
    await Dexie.delete(dexie.name);
  }
}

/**
 * The Dexie table RxDB's storage keeps for the same collection: its documents carry RxDB's fields and
 * every put also writes RxDB's own indexes, which the app does not choose. Printed beside the bare
 * table's, so the figure reads with what each side stores.
 */
function rxdbStores(): string {
  return getDexieStoreSchema(fillWithDefaultSettings(toRxJsonSchema(VisitorsCollection) as never));
}

const api = { viaReplication, viaBulkUpsert, viaDexie, dexieStores, rxdbStores };
(globalThis as unknown as { foyerWriteBench: typeof api }).foyerWriteBench = api;
document.body.dataset.ready = 'true';

import { addRxPlugin, createRxDatabase, type DexieSettings, type RxCollection, type RxDatabase, type RxJsonSchema, type RxStorage } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import {
  COLLECTIONS,
  toRxJsonSchema,
  type AppointmentDoc,
  type CompanyDoc,
  type DialogDoc,
  type DoorTicketDoc,
  type EventDoc,
  type MessageDoc,
  type MyEventDoc,
  type RelationDoc,
  type TicketDoc,
} from '../../contract/index.ts';
import type { CommentDoc } from '../../contract/chat.ts';
import type { ScheduleDoc } from '../../contract/schedule.ts';
import type { CommandKind } from '../../contract/commands.ts';
import { DEFAULT_DB_NAME } from './db-name.ts';
import { sparseReads } from './sparse-reads.ts';
import { visitorPagesSchema, type VisitorPageDoc } from './visitor-pages.ts';

/**
 * The one client database, opened with the same name and schemas by each tab's sync worker
 * (workers/host.ts): the one that leads replicates and drains the outbox, and every one answers its
 * page's reads and writes; the page itself never opens it. Collections are
 * scarce — the open-source RxDB build allows 13 per JS realm across all databases — so only the
 * replicated collections and the outbox are collections; the session, the recently viewed ids,
 * the mirrored sync status and the like are local documents.
 *
 * The budget, planned for the whole product (13 of 13; each name's scope in sync/engine/scopes.ts):
 *
 *    1 events        public list
 *    2 my_events     the user's relation to events (decides the event scopes below)
 *    3 outbox        local only: the queued commands
 *    4 visitors      event-scoped: the people of the events the user takes part in, stored
 *                    a page of a few hundred per document (visitor-pages.ts)
 *    5 relations     user: the user's likes and stars of other people, and the contacts met by QR
 *    6 appointments  user
 *    7 comments      event-scoped: the chat of opened events (recent window, older on demand)
 *    8 dialogs       user
 *    9 messages      user
 *   10 companies     event-scoped: the stands of the events opened on this device
 *   11 tickets       user: the user's own tickets (cards and QR codes offline)
 *   12 door_tickets  event-scoped: on a door device, the tickets of the events it checks, each
 *                    with every scan the server recorded. The door's own scans are not a
 *                    collection: they travel in the outbox as `ticket.scan` commands, and until
 *                    the server sends them back in door_tickets the door reads them from there.
 *   13 schedule      event-scoped
 *
 * Nothing else gets a collection: UI state, caches of legacy calls (sync/store/caches.ts), the scope
 * bookkeeping (sync/engine/scoped.ts), the door's key and device id (sync/views/checkin/checkin.ts) and the session
 * are local documents. Open today: the contract's COLLECTIONS and outbox. Every contract
 * collection added later is opened here too; openDatabase refuses to pass the limit.
 *
 * Node tests that simulate several devices in one process share the realm's 13, so such tests
 * open only the collections they exercise (`collections`); the engine replicates what is open.
 */

export { DEFAULT_DB_NAME };

export type OutboxStatus = 'pending' | 'sending' | 'applied' | 'rejected' | 'parked';

export interface OutboxDoc {
  /** The client-generated command id; the server dedupes on it, so resending is always safe. */
  id: string;
  kind: CommandKind;
  payload: Record<string, unknown>;
  /** ISO 8601, when the user did it on this device. */
  occurredAt: string;
  /** Drain order. Monotonic per device; ties (two tabs in the same microsecond) fall back to id. */
  seq: number;
  /**
   * pending: waits to be sent; sending: in a request whose answer has not come back; applied: the
   * server applied it and the next complete pull will bring its documents, then it is removed;
   * rejected: the server refused it with `code`, kept until the user dismisses it; parked: the
   * server failed on it (HTTP 500) every time it was sent alone, OUTBOX_PARK_AFTER_ATTEMPTS times,
   * so it was taken out of the queue for everything behind it to go on; it waits, never sent again
   * on its own, until the user tries it again (back to pending) or discards it.
   */
  status: OutboxStatus;
  code?: string;
  /** Times it has been sent. */
  attempts: number;
  /** Server failures of this entry sent alone since it was queued or last tried again; parks it at the limit. */
  failures?: number;
}

export const OUTBOX_SCHEMA: RxJsonSchema<OutboxDoc> = {
  title: 'outbox',
  // 1: the parked status and the failures count. Queued entries are kept as they are (see below).
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    kind: { type: 'string', maxLength: 64 },
    payload: { type: 'object' },
    occurredAt: { type: 'string', maxLength: 40 },
    // Microseconds since the epoch fit well below 2^53.
    seq: { type: 'integer', minimum: 0, maximum: 9e15, multipleOf: 1 },
    status: { type: 'string', enum: ['pending', 'sending', 'applied', 'rejected', 'parked'], maxLength: 16 },
    code: { type: 'string', maxLength: 64 },
    attempts: { type: 'integer', minimum: 0 },
    failures: { type: 'integer', minimum: 0 },
  },
  required: ['id', 'kind', 'payload', 'occurredAt', 'seq', 'status', 'attempts'],
  additionalProperties: false,
  indexes: ['seq', ['status', 'seq']],
};

export interface FoyerCollections {
  events: RxCollection<EventDoc>;
  my_events: RxCollection<MyEventDoc>;
  relations: RxCollection<RelationDoc>;
  /** The event's visitors, packed into pages (visitor-pages.ts). */
  visitors: RxCollection<VisitorPageDoc>;
  appointments: RxCollection<AppointmentDoc>;
  companies: RxCollection<CompanyDoc>;
  tickets: RxCollection<TicketDoc>;
  door_tickets: RxCollection<DoorTicketDoc>;
  dialogs: RxCollection<DialogDoc>;
  messages: RxCollection<MessageDoc>;
  comments: RxCollection<CommentDoc>;
  schedule: RxCollection<ScheduleDoc>;
  outbox: RxCollection<OutboxDoc>;
}
export type FoyerDatabase = RxDatabase<FoyerCollections>;

/** Every collection this client opens; kept small on purpose (see the note at the top). */
export const CLIENT_COLLECTION_NAMES = [...COLLECTIONS.map((c) => c.name), 'outbox'] as const;
export const RXDB_COLLECTION_LIMIT = 13;

let pluginsAdded = false;
function addPlugins() {
  if (pluginsAdded) return;
  pluginsAdded = true;
  addRxPlugin(RxDBLocalDocumentsPlugin);
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
}

/**
 * Unlike the replicated collections, the outbox is never dropped on a version bump: it holds what
 * the user did and the server has not seen. Each step keeps every entry.
 */
const OUTBOX_MIGRATIONS: Record<number, (doc: OutboxDoc) => OutboxDoc> = {
  1: (doc) => doc,
};

/**
 * A contract version bump means the document shape changed. Old documents are dropped rather than
 * converted: the replication identifier carries the version, so the new collection is pulled from
 * the server from scratch.
 */
function dropOldDocuments(version: number): Record<number, () => null> {
  const strategies: Record<number, () => null> = {};
  for (let v = 1; v <= version; v++) strategies[v] = () => null;
  return strategies;
}

/**
 * The app's storage: Dexie with the sparse-reads middleware (sync/engine/sparse-reads.ts), which
 * keeps RxDB's reads before each write of a first sync from costing one IndexedDB request per
 * document. Tests pass their IndexedDB (fake-indexeddb) through `settings`, so they run the same reads.
 */
export function getAppStorage(settings: DexieSettings = {}): RxStorage<unknown, unknown> {
  return getRxStorageDexie({ ...settings, onCreate: (dexie) => void dexie.use(sparseReads) }) as RxStorage<unknown, unknown>;
}

export interface OpenDatabaseOptions {
  /** Each simulated device in node tests needs its own name: RxDB caches Dexie handles by name. */
  name?: string;
  /**
   * Defaults to Dexie on the realm's IndexedDB. Tests pass Dexie over a fake-indexeddb factory,
   * wrapped in the ajv validator (dev-mode is loaded by the tests only, never by the app).
   */
  storage?: RxStorage<unknown, unknown>;
  /**
   * true (the default) in browsers: every open tab has its own sync worker on the same database, and
   * only the leader writes what it pulls, so the other tabs' workers learn of those writes (their live
   * reads, the mirrored sync status) from RxDB's BroadcastChannel. With one tab open that costs one
   * structured clone of each write's changes, about 2% of a first sync's write path (bench:browser-writes).
   * false in node tests, which simulate one realm per device.
   */
  multiInstance?: boolean;
  /**
   * Node tests only: the replicated collections to open (the outbox always opens), so several
   * simulated devices fit in one realm's 13. The engine replicates only what is open; the app
   * always opens everything.
   */
  collections?: readonly string[];
}

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<FoyerDatabase> {
  addPlugins();
  if (CLIENT_COLLECTION_NAMES.length > RXDB_COLLECTION_LIMIT) {
    throw new Error(`the client would open ${CLIENT_COLLECTION_NAMES.length} collections; RxDB allows ${RXDB_COLLECTION_LIMIT}`);
  }
  const db = await createRxDatabase<FoyerCollections>({
    name: opts.name ?? DEFAULT_DB_NAME,
    storage: opts.storage ?? getAppStorage(),
    multiInstance: opts.multiInstance ?? true,
    localDocuments: true,
    // A pull of a few hundred documents should re-run the live queries once, not per document.
    liveQueryUpdateThrottleTime: 16,
  });
  try {
    const creators: Record<string, { schema: RxJsonSchema<unknown>; migrationStrategies?: Record<number, (doc: never) => unknown> }> = {};
    for (const def of COLLECTIONS) {
      if (opts.collections && !opts.collections.includes(def.name)) continue;
      // The visitors are stored packed, in a shape of their own (visitor-pages.ts).
      const schema = def.name === 'visitors' ? visitorPagesSchema() : toRxJsonSchema(def);
      creators[def.name] = {
        schema: schema as unknown as RxJsonSchema<unknown>,
        migrationStrategies: dropOldDocuments((schema as { version: number }).version),
      };
    }
    creators.outbox = { schema: OUTBOX_SCHEMA as RxJsonSchema<unknown>, migrationStrategies: OUTBOX_MIGRATIONS };
    await db.addCollections(creators as never);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxStorage } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { toRxJsonSchema } from '../../contract/schema.ts';
import { VisitorsCollection, type VisitorDoc } from '../../contract/visitors.ts';
import { openDatabase } from '../../sync/engine/database.ts';
import { visitorDoc } from '../fixtures/visitor-doc.ts';

addRxPlugin(RxDBDevModePlugin);
disableWarnings();

/**
 * The visitors schema went to version 1 when its index on event_id alone was dropped (issue 13).
 * A device updated from version 0 opens the new collection; the old documents are dropped, as for
 * every replicated collection (sync/database.ts dropOldDocuments), and the replication, whose
 * identifier carries the version, pulls the event again. Queries by event still run.
 */

const V0 = { ...toRxJsonSchema(VisitorsCollection), version: 0, indexes: ['event_id', ['event_id', 'registered_at']] };

const visitor = (userId: number, registeredAt: number): VisitorDoc =>
  visitorDoc(userId, {
    first_name: 'A',
    last_name: 'B',
    country_code: '',
    country_name: '',
    city_id: 0,
    city_name: '',
    accesses_by_tickets: false,
    registered_at: registeredAt,
  });

describe('the visitors collection after the update that dropped the event_id index', () => {
  it('opens over a version 0 database, drops its documents, and finds by event through the compound index', async () => {
    expect(VisitorsCollection.version).toBe(1);
    expect(VisitorsCollection.indexes).toEqual([['event_id', 'registered_at']]);
    const indexedDB = new IDBFactory();
    const storage = () => wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }) as RxStorage<unknown, unknown>;
    const name = `visitors-migration-${Date.now()}`;
    const old = await createRxDatabase({ name, storage: storage(), multiInstance: false, localDocuments: true });
    await old.addCollections({ visitors: { schema: V0 as never } });
    await (old.collections.visitors as unknown as { bulkInsert(d: VisitorDoc[]): Promise<unknown> }).bulkInsert([visitor(1, 100), visitor(2, 50)]);
    await old.close();

    const db = await openDatabase({ name, storage: storage(), multiInstance: false, collections: ['visitors'] });
    try {
      expect(await db.visitors.count().exec()).toBe(0);
      await db.visitors.bulkInsert([visitor(3, 300), visitor(4, 40), { ...visitor(5, 10), id: '8:5', event_id: 8 }]);
      const found = await db.visitors.find({ selector: { event_id: 7 }, sort: [{ registered_at: 'asc' }] }).exec();
      expect(found.map((d) => d.user_id)).toEqual([4, 3]);
    } finally {
      await db.close();
    }
  });
});

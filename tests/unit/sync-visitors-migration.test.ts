import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxStorage } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { toRxJsonSchema } from '../../contract/schema.ts';
import { VisitorsCollection, type VisitorDoc } from '../../contract/visitors.ts';
import { openDatabase } from '../../sync/engine/database.ts';
import { putVisitorRows, readVisitorRows, VISITOR_PAGES_VERSION } from '../../sync/engine/visitor-pages.ts';
import { visitorDoc } from '../fixtures/visitor-doc.ts';

addRxPlugin(RxDBDevModePlugin);
// The old database is at version 1, so it too is opened with migrations, as the app's was.
addRxPlugin(RxDBMigrationSchemaPlugin);
disableWarnings();

/**
 * The device stored one document per visitor up to version 1 of its visitors collection; from
 * version 2 it stores them packed in pages (sync/engine/visitor-pages.ts, issue 28). A device
 * updated from version 1 opens the new collection; the old documents are dropped, as for every
 * replicated collection (sync/engine/database.ts dropOldDocuments), and the replication, whose
 * identifier carries the local version, pulls the event again.
 */

const V1 = { ...toRxJsonSchema(VisitorsCollection), version: 1 };

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

describe('the visitors collection after the update that packed it into pages', () => {
  it('opens over a version 1 database, drops its documents, and reads packed visitors by event', async () => {
    expect(VISITOR_PAGES_VERSION).toBe(2);
    const indexedDB = new IDBFactory();
    const storage = () => wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }) as RxStorage<unknown, unknown>;
    const name = `visitors-migration-${Date.now()}`;
    const old = await createRxDatabase({ name, storage: storage(), multiInstance: false, localDocuments: true });
    await old.addCollections({ visitors: { schema: V1 as never, migrationStrategies: { 1: () => null } } });
    await (old.collections.visitors as unknown as { bulkInsert(d: VisitorDoc[]): Promise<unknown> }).bulkInsert([visitor(1, 100), visitor(2, 50)]);
    await old.close();

    const db = await openDatabase({ name, storage: storage(), multiInstance: false, collections: ['visitors'] });
    try {
      expect(await db.visitors.count().exec()).toBe(0);
      await putVisitorRows(db.visitors, [visitor(3, 300), visitor(4, 40), { ...visitor(5, 10), id: '8:5', event_id: 8 }]);
      expect((await readVisitorRows(db.visitors, 7)).map((d) => d.user_id)).toEqual([3, 4]);
      expect((await readVisitorRows(db.visitors, 8)).map((d) => d.user_id)).toEqual([5]);
      expect(await db.visitors.count().exec()).toBe(2);
    } finally {
      await db.close();
    }
  });
});

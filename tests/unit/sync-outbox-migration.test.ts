import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxStorage } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { OUTBOX_SCHEMA, openDatabase, type OutboxDoc } from '../../sync/engine/database.ts';

addRxPlugin(RxDBDevModePlugin);
disableWarnings();

/**
 * The outbox schema went to version 1 for the parked status. An app updated while actions wait
 * offline must keep every one of them: the outbox is never dropped like a replicated collection.
 */

/** The outbox as the released app (version 0) declared it. */
const V0 = {
  ...OUTBOX_SCHEMA,
  version: 0,
  properties: {
    ...OUTBOX_SCHEMA.properties,
    status: { type: 'string', enum: ['pending', 'sending', 'applied', 'rejected'], maxLength: 16 },
  },
} as Record<string, unknown>;
delete (V0.properties as Record<string, unknown>).failures;

describe('the outbox after the update that added parking', () => {
  it('keeps every queued entry of the old version, which then drains as before', async () => {
    const indexedDB = new IDBFactory();
    const storage = () => wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }) as RxStorage<unknown, unknown>;
    const name = `outbox-migration-${Date.now()}`;
    const old = await createRxDatabase({ name, storage: storage(), multiInstance: false, localDocuments: true });
    await old.addCollections({ outbox: { schema: V0 as never } });
    const queued: OutboxDoc[] = [
      { id: 'queued-a', kind: 'ticket.scan', payload: { code: 'T-1' }, occurredAt: '2026-05-12T10:00:00.000Z', seq: 1, status: 'pending', attempts: 0 },
      {
        id: 'queued-b',
        kind: 'event.favorite',
        payload: { event_id: 3, favorite: true },
        occurredAt: '2026-05-12T10:00:01.000Z',
        seq: 2,
        status: 'sending',
        attempts: 2,
      },
      {
        id: 'refused-c',
        kind: 'message.send',
        payload: { recipient_id: 2, text: 'x' },
        occurredAt: '2026-05-12T10:00:02.000Z',
        seq: 3,
        status: 'rejected',
        code: 'meeting_required',
        attempts: 1,
      },
    ];
    await (old.collections.outbox as unknown as { bulkInsert(d: OutboxDoc[]): Promise<unknown> }).bulkInsert(queued);
    await old.close();

    const db = await openDatabase({ name, storage: storage(), multiInstance: false, collections: [] });
    try {
      const kept = (await db.outbox.find({ sort: [{ seq: 'asc' }] }).exec()).map((d) => d.toJSON() as OutboxDoc);
      expect(kept).toEqual(queued);
      // The new status can be written to the migrated collection.
      await db.outbox
        .findOne('queued-b')
        .exec()
        .then((d) => d!.incrementalModify((x) => ({ ...x, status: 'parked', code: 'server_failed', failures: 5 })));
      expect((await db.outbox.findOne('queued-b').exec())!.toJSON()).toMatchObject({ status: 'parked', failures: 5 });
    } finally {
      await db.close();
    }
  });
});

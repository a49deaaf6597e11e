import { describe, expect, it } from 'vitest';
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { EventsCollection, type EventDoc } from '../../contract/entities.ts';
import { NO_SALES_ADMIN } from '../../contract/sales.ts';
import { toRxJsonSchema } from '../../contract/schema.ts';
import { eventDoc } from '../fixtures/event-doc.ts';

/**
 * The organisers' copy of an event carries its promo codes (issue 30, events version 6): the
 * collection opens in RxDB as the client opens it and ajv takes the document the feed sends.
 */
addRxPlugin(RxDBDevModePlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);
disableWarnings();

const code = { id: 4, code: 'SPRING25', kind: 'percent', value: 25, type_ids: [2, 3], max_uses: 100, valid_from: 0, valid_until: 1_960_000_000, active: true };

const event: EventDoc = eventDoc(3, {
  name: 'Summit',
  when: 1_950_000_000,
  when_end: 1_950_030_000,
  is_free: false,
  admin: { stream_url: '', created_by: 1, team: [], schedule: { days: [], tracks: [] }, sales: { ...NO_SALES_ADMIN, promo_codes: [code] } },
});

describe('the events collection with promo codes', () => {
  it('takes an organiser’s copy with its codes and refuses a code missing a field', async () => {
    const db = await createRxDatabase({
      name: `events-promo-${Date.now()}`,
      storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
      multiInstance: false,
    });
    try {
      const steps = Object.fromEntries(Array.from({ length: EventsCollection.version }, (_, i) => [i + 1, () => null]));
      await db.addCollections({ events: { schema: toRxJsonSchema(EventsCollection) as RxJsonSchema<unknown>, migrationStrategies: steps } } as never);
      await db.collections.events!.insert(event);
      const stored = await db.collections.events!.findOne('3').exec();
      expect(stored?.toJSON().admin.sales.promo_codes).toEqual([code]);
      const { active: _active, ...partial } = code;
      const broken = { ...event, id: '4', event_id: 4, admin: { ...event.admin, sales: { ...event.admin.sales, promo_codes: [partial] } } };
      await expect(db.collections.events!.insert(broken as never)).rejects.toThrow();
    } finally {
      await db.remove();
    }
  });
});

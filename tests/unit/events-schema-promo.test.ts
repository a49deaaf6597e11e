import { describe, expect, it } from 'vitest';
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { EventsCollection, type EventDoc } from '../../contract/entities.ts';
import { NO_SALES, NO_SALES_ADMIN } from '../../contract/sales.ts';
import { toRxJsonSchema } from '../../contract/schema.ts';

/**
 * The organisers' copy of an event carries its promo codes (issue 30, events version 6): the
 * collection opens in RxDB as the client opens it and ajv takes the document the feed sends.
 */
addRxPlugin(RxDBDevModePlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);
disableWarnings();

const code = { id: 4, code: 'SPRING25', kind: 'percent', value: 25, type_ids: [2, 3], max_uses: 100, valid_from: 0, valid_until: 1_960_000_000, active: true };

const event: EventDoc = {
  id: '3',
  event_id: 3,
  name: 'Summit',
  category_id: 1,
  category_name: 'IT',
  city_id: 1,
  city_name: 'Kyiv',
  country_code: 'UA',
  when: 1_950_000_000,
  when_end: 1_950_030_000,
  timezone: 'Europe/Kyiv',
  is_webinar: false,
  video_type: 0,
  where: '',
  address: '',
  place: { public: true, name: '', address: '' },
  poster_small: '',
  poster_middle: '',
  poster_big: '',
  description: '',
  total_people: 0,
  favorites_count: 0,
  meetings_count: 0,
  visitors_with_appointments_count: 0,
  ticket_min_price: 0,
  currency: 'UAH',
  is_free: false,
  barcode_type: '',
  company: { id: 0, name: '', description: '', phone: '', email: '' },
  options: { broadcast_background: '', menu: [] },
  users_online: 0,
  visitors_countries: [],
  visitors_cities: [],
  meeting: { slot_minutes: 15, tables_count: 0, places: [], allowed_times: [] },
  rev: 1,
  status: 'published',
  map_point: { set: false, lat: 0, lng: 0 },
  sales: NO_SALES,
  admin: { stream_url: '', created_by: 1, team: [], schedule: { days: [], tracks: [] }, sales: { ...NO_SALES_ADMIN, promo_codes: [code] } },
};

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

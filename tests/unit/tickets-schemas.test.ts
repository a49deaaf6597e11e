import { NO_WAITLIST } from '../../contract/waitlist.ts';
import { describe, expect, it } from 'vitest';
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { toRxJsonSchema } from '../../contract/schema.ts';
import { CompaniesCollection } from '../../contract/companies.ts';
import { DoorTicketsCollection, TicketsCollection, type TicketDoc } from '../../contract/tickets.ts';
import { NO_ORDER } from '../../contract/orders.ts';
import { companyDoc } from '../fixtures/company-doc.ts';
import { doorTicket } from '../fixtures/door-ticket.ts';

/**
 * The three collections of this area must open in RxDB as the client opens them (dev-mode checks
 * the schemas and their indexes; ajv checks documents), before anybody lists them in COLLECTIONS.
 */
addRxPlugin(RxDBDevModePlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);
disableWarnings();

const ticket: TicketDoc = {
  id: '7',
  kind: 'ticket',
  ticket_id: 7,
  event_id: 3,
  code: 'FY-ABCDEFGHJK',
  qr: 'FYT1.3.7.sig.FY-ABCDEFGHJK',
  type: 'VIP',
  name: 'Ірина Коваль',
  company: 'Acme',
  position: 'CTO',
  price: 1500,
  currency: 'UAH',
  description: '',
  place: 'Hall A',
  status: 'valid',
  invalid: false,
  visitor_category: '',
  created_at: 1_900_000_000,
  when: 1_950_000_000,
  when_end: 1_950_030_000,
  download_link: '/api/tickets/7/pdf',
  send_email_link: '/api/tickets/7/send-to-email',
  event: {
    name: 'Summit',
    poster_small: '/files/posters/3.svg?size=small',
    when: 1_950_000_000,
    when_end: 1_950_030_000,
    timezone: 'Europe/Kyiv',
    place: { public: true, name: 'Arsenal', address: 'Lavrska 10' },
  },
  user: {
    first_name: 'Ірина',
    last_name: 'Коваль',
    full_name: 'Ірина Коваль',
    profile_link: '/profiles/5',
    company: { name: 'Acme', position: 'CTO', visitor_category: '' },
  },
  order: NO_ORDER,
  waitlist: NO_WAITLIST,
  paid_cancel: '',
  rev: 10,
};
const door = doorTicket(3, {
  type: 'VIP',
  scans: [{ id: 'scan-1', device_id: 'door-a', scanned_at_ms: 1_950_000_100_000, received_at_ms: 1_950_000_200_000, result: 'admitted', duplicate_of: '' }],
  rev: 11,
});
const company = companyDoc(4, {
  event_id: 3,
  name: 'Acme',
  sort: 1,
  members: [{ user_id: 5, first_name: 'Ірина', last_name: 'Коваль', position: 'CTO', avatar: '/files/avatars/5.svg', is_manager: true, hidden: false }],
  rev: 12,
});

describe('companies, tickets and door_tickets in RxDB', () => {
  it('open with their indexes and take the documents the feeds send', async () => {
    const db = await createRxDatabase({
      name: `tickets-schemas-${Date.now()}`,
      storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
      multiInstance: false,
    });
    try {
      const defs = [CompaniesCollection, TicketsCollection, DoorTicketsCollection];
      // A collection past version 0 needs a migration step per version (the app drops old documents).
      const steps = (version: number) => Object.fromEntries(Array.from({ length: version }, (_, i) => [i + 1, () => null]));
      await db.addCollections(
        Object.fromEntries(defs.map((d) => [d.name, { schema: toRxJsonSchema(d) as RxJsonSchema<unknown>, migrationStrategies: steps(d.version) }])) as never,
      );
      await db.collections.tickets!.insert(ticket);
      // An order travels in the same collection, with empty ticket fields.
      await db.collections.tickets!.insert({
        ...ticket,
        id: 'order-31',
        kind: 'order',
        ticket_id: 0,
        code: '',
        qr: '',
        order: {
          ...NO_ORDER,
          id: 31,
          code: 'FYABC234',
          state: 'pending',
          method: 'transfer',
          total: 900,
          currency: 'UAH',
          expires_at: 1_960_000_000,
          lines: [{ type: 'VIP', price: 900, name: 'Ірина Коваль' }],
          promo_code: 'TEAM10',
          discount: 100,
        },
      });
      await expect(db.collections.tickets!.insert({ ...ticket, id: 'x-1', kind: 'gift' as never })).rejects.toThrow();
      await db.collections.door_tickets!.insert(door);
      await db.collections.companies!.insert(company);
      const byCode = await db.collections.door_tickets!.findOne({ selector: { event_id: 3, code: 'FY-ABCDEFGHJK' } }).exec();
      expect(byCode?.get('holder_name')).toBe('Ірина Коваль');
      await expect(db.collections.door_tickets!.insert({ ...door, id: '8', status: 'lost' })).rejects.toThrow();
      await expect(db.collections.tickets!.insert({ ...ticket, id: '9', when_end: -1 })).rejects.toThrow();
    } finally {
      await db.remove();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/types.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { startTestCluster, type TestCluster } from '../fixtures/cluster.ts';
import { createTicket, createUser, ensureGeo } from '../fixtures/factories.ts';
import { login } from '../fixtures/server.ts';
import { eventFields } from './admin-helpers.ts';
import { createEvent, setRole } from '../../server/domain/admin/service.ts';
import { checkin, uncheckin } from '../../server/domain/ticket-holders/registration.ts';
import { updateProfile } from '../../server/domain/profile/service.ts';
import { setAccountDisabled } from '../../server/domain/profile/account.ts';
import { listVisitors, loadViewer } from '../../server/domain/visitors/repository.ts';
import { parseVisitorQuery } from '../../server/domain/visitors/filters.ts';
import { SharedVisitorLists } from '../../server/domain/visitors/shared-list.ts';

/**
 * The people counts an event keeps (events/repository recountPeople: total_people, visitors_cities,
 * visitors_countries, event_city_people) against the same figures counted from the rows as the
 * reads counted them before they were kept, after many mixed writes through the services; and the
 * legacy reads on one instance seeing a write made on another at once (nothing an instance keeps
 * in memory may answer an older state).
 */

const PREFIX = `test-people-counts-${randomBytes(6).toString('hex')}:`;
let database: TestDatabase;
let cluster: TestCluster;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase();
  cluster = await startTestCluster(database, { prefix: PREFIX, socketHeartbeatMs: 30_000 });
  db = cluster.apps[0]!.db;
  await ensureGeo(db);
});
afterAll(async () => {
  await cluster?.close();
  await database?.close();
});

const run = <T>(fn: Parameters<(typeof cluster.apps)[0]['writer']['run']>[0]) => cluster.apps[0]!.writer.run(fn) as Promise<T>;

/** The counts as the reads computed them from the rows before they were kept (db/sql participates). */
async function recounted(eventId: number) {
  const participants = sql`SELECT u.id, u.city_id FROM users u
    WHERE NOT u.hide_from_visitors AND NOT u.disabled AND NOT u.deleted
      AND (EXISTS (SELECT 1 FROM user_events pue WHERE pue.event_id = ${eventId} AND pue.user_id = u.id AND NOT pue.deleted AND (pue.checked_in OR pue.is_owner))
        OR EXISTS (SELECT 1 FROM tickets pt WHERE pt.event_id = ${eventId} AND pt.user_id = u.id AND pt.status = 'valid' AND NOT pt.invalid AND NOT pt.deleted))`;
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${participants}) p`.execute(db);
  const perCity = await sql<{ city_id: number; people: number }>`
    SELECT city_id, count(*)::int AS people FROM (${participants}) p WHERE city_id IS NOT NULL GROUP BY city_id ORDER BY city_id`.execute(db);
  const cities = await sql<{ v: unknown }>`SELECT coalesce((
      SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'count_users_from', x.n) ORDER BY x.n DESC, x.name)
      FROM (SELECT ci.id, ci.name, count(*)::int AS n FROM user_events ue
            JOIN users u ON u.id = ue.user_id JOIN cities ci ON ci.id = u.city_id
            WHERE ue.event_id = ${eventId} AND ue.checked_in AND NOT u.hide_from_visitors AND NOT ue.deleted
            GROUP BY ci.id, ci.name) x), '[]'::json) AS v`.execute(db);
  const countries = await sql<{ v: unknown }>`SELECT coalesce((
      SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'count_users_from', x.n) ORDER BY x.n DESC, x.name)
      FROM (SELECT ((ascii(substr(co2.code, 1, 1)) - 64) * 100 + (ascii(substr(co2.code, 2, 1)) - 64))::int AS id, co2.code, co2.name, count(*)::int AS n
            FROM user_events ue JOIN users u ON u.id = ue.user_id JOIN countries co2 ON co2.code = u.country_code
            WHERE ue.event_id = ${eventId} AND ue.checked_in AND NOT u.hide_from_visitors AND NOT ue.deleted
            GROUP BY co2.code, co2.name) x), '[]'::json) AS v`.execute(db);
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return { total: total.rows[0]!.n, perCity: perCity.rows, cities: json(cities.rows[0]!.v), countries: json(countries.rows[0]!.v) };
}

async function kept(eventId: number) {
  const e = await db.selectFrom('events').select(['total_people', 'visitors_cities', 'visitors_countries']).where('id', '=', eventId).executeTakeFirstOrThrow();
  const perCity = await db.selectFrom('event_city_people').select(['city_id', 'people']).where('event_id', '=', eventId).orderBy('city_id').execute();
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return { total: e.total_people, perCity, cities: json(e.visitors_cities), countries: json(e.visitors_countries) };
}

const publish = (eventId: number) => db.updateTable('events').set({ status: 'published' }).where('id', '=', eventId).execute();

describe('event people counts', () => {
  it('stay equal to a recount through many mixed writes', async () => {
    const owner = await createUser(db, { city_id: 1 });
    const effect = await run<{ eventIds?: number[]; ids: string[] }>((trx) => createEvent(trx, owner.id, eventFields({ is_free: true })));
    const eventId = Number(effect.ids[0]);
    // A new event is a draft, which nobody but its organisers may register for.
    await publish(eventId);
    const people: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < 12; i++) people.push(await createUser(db));
    // Homes in two cities (and one with none), so the per-city and per-country counts differ.
    for (const [i, p] of people.entries()) {
      await run((trx) => updateProfile(trx, p.id, i % 5 === 4 ? { hide_from_visitors: false } : { city_id: (i % 2) + 1 }));
    }
    const check = async (step: string) => expect(await kept(eventId), step).toEqual(await recounted(eventId));
    await check('created');

    for (const p of people.slice(0, 8)) await run((trx) => checkin(trx, p.id, eventId));
    await check('registered');
    await createTicket(db, eventId, people[8]!.id);
    await createTicket(db, eventId, people[0]!.id);
    await check('tickets');
    await run((trx) => uncheckin(trx, people[1]!.id, eventId));
    await run((trx) => uncheckin(trx, people[0]!.id, eventId)); // keeps the bought ticket
    await check('unregistered');
    await run((trx) => updateProfile(trx, people[2]!.id, { hide_from_visitors: true }));
    await run((trx) => updateProfile(trx, people[3]!.id, { city_id: 1 }));
    await run((trx) => updateProfile(trx, people[5]!.id, { city_id: 2 }));
    await check('hidden, moved');
    await run((trx) => setRole(trx, owner.id, { event_id: eventId, who: { user_id: people[6]!.id }, role: 'organizer', granted: true }));
    await run((trx) => setRole(trx, owner.id, { event_id: eventId, who: { user_id: people[6]!.id }, role: 'organizer', granted: false }));
    await run((trx) => uncheckin(trx, people[6]!.id, eventId));
    await check('role given and removed');
    await run((trx) => setAccountDisabled(trx, people[7]!.id, true));
    await check('disabled');
    await run((trx) => updateProfile(trx, people[2]!.id, { hide_from_visitors: false }));
    await run((trx) => checkin(trx, people[1]!.id, eventId));
    await check('shown again, registered again');
    expect((await kept(eventId)).total).toBeGreaterThan(3);
  });

  it('a write on one instance shows at once in the legacy reads of the other', async () => {
    const [a, b] = cluster.apps as [(typeof cluster.apps)[0], (typeof cluster.apps)[0]];
    const owner = await createUser(db, { city_id: 2 });
    const effect = await run<{ ids: string[] }>((trx) => createEvent(trx, owner.id, eventFields({ is_free: true, name: 'Cluster Days' })));
    const eventId = Number(effect.ids[0]);
    await db.updateTable('events').set({ status: 'published' }).where('id', '=', eventId).execute();
    const viewer = await createUser(db);
    const other = await createUser(db);
    await run((trx) => updateProfile(trx, viewer.id, { city_id: 1 }));
    await run((trx) => updateProfile(trx, other.id, { city_id: 1 }));
    const { token } = await login(a, viewer.email);
    const { token: otherToken } = await login(b, other.email);
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });
    const event = async () => (await b.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: auth(token) })).json().data;
    const listed = async () =>
      (await b.inject({ method: 'GET', url: '/api/events/events-list?search_type=all', headers: auth(token) }))
        .json()
        .data.events.find((e: { event_id: number }) => e.event_id === eventId);
    const people = async () => (await b.inject({ method: 'GET', url: `/api/events/get-event-people?event_id=${eventId}`, headers: auth(token) })).json().data;

    expect(await a.inject({ method: 'POST', url: '/api/events/checkin', headers: auth(token), payload: { event_id: eventId } })).toHaveProperty(
      'statusCode',
      200,
    );
    // Read on b twice, so anything b keeps is kept before the next write.
    for (let i = 0; i < 2; i++) {
      expect(await event()).toMatchObject({ total_people: 2, from_city_count: 0 });
      expect((await people()).count).toBe(2);
    }
    expect(await listed()).toMatchObject({ total_people: 2, from_city_count: 0 });

    // Another person from the viewer's city registers on instance a.
    expect((await a.inject({ method: 'POST', url: '/api/events/checkin', headers: auth(otherToken), payload: { event_id: eventId } })).json()).toMatchObject({
      status_code: 200,
    });
    expect(await event()).toMatchObject({ total_people: 3, from_city_count: 1 });
    expect(await listed()).toMatchObject({ total_people: 3, from_city_count: 1 });
    expect((await people()).count).toBe(3);
    const cities = (await event()).visitorsCities as { id: number; count_users_from: number }[];
    expect(cities.find((c) => c.id === 1)?.count_users_from).toBe(2);

    // They hide on instance a: gone from every read on b.
    await a.inject({ method: 'POST', url: '/api/profile/save', headers: auth(otherToken), payload: { hide_from_visitors: true, lang: 'en' } });
    expect(await event()).toMatchObject({ total_people: 2, from_city_count: 0 });
    expect(await listed()).toMatchObject({ total_people: 2, from_city_count: 0 });
    expect((await people()).count).toBe(2);
  });

  it('the shared visitor list answers each viewer exactly what their own query does', async () => {
    const owner = await createUser(db, { city_id: 2 });
    const effect = await run<{ ids: string[] }>((trx) => createEvent(trx, owner.id, eventFields({ is_free: true, name: 'Same Answers' })));
    const eventId = Number(effect.ids[0]);
    await publish(eventId);
    const people: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < 9; i++) people.push(await createUser(db, { city_id: (i % 2) + 1 }));
    for (const p of people) await run((trx) => checkin(trx, p.id, eventId));
    await run((trx) => updateProfile(trx, people[0]!.id, { status: 'Hiring', help: 'Rust' }));
    await run((trx) => updateProfile(trx, people[1]!.id, { hide_from_visitors: true }));
    await run((trx) => setRole(trx, owner.id, { event_id: eventId, who: { user_id: people[2]!.id }, role: 'organizer', granted: true }));
    const shared = new SharedVisitorLists(4);
    const year = new Date().getUTCFullYear();
    for (const who of [people[0]!, people[1]!, people[3]!, owner]) {
      const viewer = await loadViewer(db, who.id);
      for (const sort of ['status', 'name', 'register']) {
        for (const [offset, limit] of [
          [0, 3],
          [3, 3],
          [8, 5],
        ] as const) {
          const parsed = parseVisitorQuery({ event_id: eventId, sort, offset, limit } as never, {
            id: who.id,
            city_id: viewer.city_id,
            country_code: viewer.country_code,
          });
          if ('error' in parsed) throw new Error(parsed.error);
          const own = await listVisitors(db, { kind: 'event', eventId }, viewer, parsed, year);
          const page = await shared.page(db, eventId, viewer, parsed);
          // The hidden viewer sees themselves, which nobody else does, in their place in the order.
          expect(page, `${who.id} ${sort} ${offset}`).toEqual(own);
        }
      }
    }
  });
});

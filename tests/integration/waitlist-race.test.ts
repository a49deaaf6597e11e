import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { offerFreedPlaces } from '../../server/domain/orders/waitlist-offers.ts';
import type { Person } from './sales-helpers.ts';
import { salesRace } from './sales-race.ts';
import { statesOf, takenOf, waitlistKit } from './waitlist-helpers.ts';

/**
 * Waitlist offers are made exactly once under races (issue 30): 100 people wait for a type of 10
 * places held by 10 pending orders; the 10 buyers give their orders up at the same moment through
 * two server instances on one PostgreSQL database, while both instances run the sweep's
 * reconciliation again and again. Exactly 10 offers come of it, the type never holds more than its
 * 10 places, and each offer is bought once: its holder trying twice at once on both instances gets
 * one order, and people without an offer are told "sold out". Always PostgreSQL: an embedded PGlite
 * belongs to one process.
 */

const race = salesRace();
const { db, buyer: someone } = race;
const k = waitlistKit(race.app);

type Answer = { status_code: number; error?: string; data: { order?: { state: string } } | null };

const post = (i: number, who: Person, path: string, body: unknown) => race.post<Answer & { results?: { status: string }[] }>(i, who, path, body);

const join = (i: number, who: Person, eventId: number, typeId: number) =>
  post(i, who, '/sync/v1/commands', {
    commands: [{ id: `cmd-${randomUUID()}`, kind: 'waitlist.join', payload: { event_id: eventId, type_id: typeId }, occurredAt: new Date().toISOString() }],
  });

const order = (i: number, who: Person, eventId: number, typeId: number, offer?: string) =>
  post(i, who, '/api/checkout/orders', {
    event_id: eventId,
    client_key: `race-${randomUUID()}`,
    method: 'transfer',
    lines: [k.line(typeId)],
    expected_total: 100,
    ...(offer ? { offer } : {}),
  });

describe('a waitlist of 100 when 10 places free up at once on two instances', () => {
  it('makes exactly 10 offers, and each is bought once', async () => {
    const owner = await k.person();
    const eventId = await k.newEvent(owner);
    await k.setSettings(owner, eventId);
    const typeId = await k.addType(owner, eventId, { name: 'Standard', price: 100, quota: 10 });
    const holders = await Promise.all(Array.from({ length: 10 }, () => someone()));
    const codes: string[] = [];
    for (const h of holders) {
      const r = (await order(0, h, eventId, typeId)) as unknown as { data: { order: { code: string } } };
      codes.push(r.data.order.code);
    }
    const waiting = await Promise.all(Array.from({ length: 100 }, () => someone()));
    // Joining races too: each join locks the type's counts, and nobody is queued twice.
    const joined = await Promise.all(waiting.map((p, i) => join(i, p, eventId, typeId)));
    expect(joined.every((r) => r.results?.[0]?.status === 'applied')).toBe(true);
    expect(await statesOf(db(), typeId)).toEqual({ waiting: 100 });

    const apps = race.apps();
    const sweeps = Array.from({ length: 6 }, (_, i) =>
      apps[i % apps.length]!.writer.run(async (trx) => (await offerFreedPlaces(trx, null, new Date())).effect),
    );
    const cancels = holders.map((h, i) => post(i, h, `/api/checkout/orders/${codes[i]}/cancel`, {}));
    const [cancelled] = await Promise.all([Promise.all(cancels), Promise.all(sweeps)]);
    for (const c of cancelled) expect(c).toMatchObject({ status_code: 200 });

    expect(await statesOf(db(), typeId)).toEqual({ offered: 10, waiting: 90 });
    expect(await takenOf(db(), typeId)).toEqual({ quota: 10, taken: 10 });
    const offers = await sql<{ user_id: number; offer_key: string; id: number }>`
      SELECT user_id, offer_key, id FROM waitlist_entries WHERE ticket_type_id = ${typeId} AND state = 'offered' ORDER BY id`.execute(db());
    // The first ten in line, in the order they joined.
    const line = await sql<{ id: number }>`SELECT id FROM waitlist_entries WHERE ticket_type_id = ${typeId} ORDER BY id LIMIT 10`.execute(db());
    expect(offers.rows.map((r) => r.id)).toEqual(line.rows.map((r) => r.id));

    // Every offer twice at once (one attempt per instance), and 20 people without one.
    const byId = new Map(waiting.map((p) => [p.id, p]));
    const attempts = offers.rows.flatMap((o) => [0, 1].map((i) => order(i, byId.get(o.user_id)!, eventId, typeId, o.offer_key)));
    const outsiders = waiting.filter((p) => !offers.rows.some((o) => o.user_id === p.id)).slice(0, 20);
    const answers = await Promise.all([...attempts, ...outsiders.map((p, i) => order(i, p, eventId, typeId))]);
    const placed = answers.filter((a) => a.status_code === 200);
    expect(placed).toHaveLength(10);
    for (const a of answers.slice(0, 20).filter((x) => x.status_code !== 200)) expect(a.error).toBe('waitlist_offer_invalid');
    for (const a of answers.slice(20)) expect(a.error).toBe('sold_out');
    expect(await statesOf(db(), typeId)).toEqual({ bought: 10, waiting: 90 });
    expect(await takenOf(db(), typeId)).toEqual({ quota: 10, taken: 10 });
    const pending = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE event_id = ${eventId} AND state = 'pending'`.execute(db());
    expect(pending.rows[0]!.n).toBe(10);
  }, 120_000);
});

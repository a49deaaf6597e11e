import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AccessState, TicketTypeOffer } from '../../contract/sales.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { salesKit, type Person } from './sales-helpers.ts';

/**
 * Hidden ticket types reachable by a private link (issue 30) on the database the suite runs on
 * (PGlite by default, PostgreSQL with FOYER_TEST_DB=postgres): a hidden type is in no public offer,
 * document or widget; it is bought only with its link's key, checked again when the order is placed;
 * a new link stops the old one; and the key reaches no device but the organisers'.
 */

let s: TestServer;
const dataDir = ownDataDir('hidden-types');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

const { person, send, newEvent, setSettings, addType, typeFields, pull, line, buy } = salesKit(() => s.app);

type Offer = { types: TicketTypeOffer[]; access: AccessState };

async function offer(eventId: number, access?: string): Promise<Offer> {
  const query = access === undefined ? '' : `?access=${encodeURIComponent(access)}`;
  const res = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Envelope<Offer>).data;
}

/** The type's private link key, as the organisers' copy of the event carries it. */
async function keyOf(owner: Person, eventId: number, typeId: number): Promise<string> {
  const doc = (await pull(owner, 'events')).find((d) => d.event_id === eventId)!;
  return doc.admin.sales.types.find((t) => t.id === typeId)!.access_key;
}

async function ordersOf(userId: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`.execute(s.app.db);
  return r.rows[0]!.n;
}

/** A free event with a public ticket and a hidden one for speakers. */
async function speakersEvent() {
  const owner = await person();
  const eventId = await newEvent(owner);
  await setSettings(owner, eventId);
  const visitor = await addType(owner, eventId, { name: 'Visitor', quota: 100 });
  const speaker = await addType(owner, eventId, { name: 'Speaker', quota: 20, hidden: true });
  return { owner, eventId, visitor, speaker, key: await keyOf(owner, eventId, speaker) };
}

describe('a hidden ticket type', () => {
  it('is offered nowhere in public, and only to the organisers with its key', async () => {
    const { owner, eventId, visitor, speaker, key } = await speakersEvent();
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    const open = await offer(eventId);
    expect(open.types.map((t) => t.id)).toEqual([visitor]);
    expect(open.access).toBe('none');

    const guestDoc = (await pull(null, 'events')).find((d) => d.event_id === eventId)!;
    expect(guestDoc.sales.types.map((t) => t.id)).toEqual([visitor]);
    const widget = await s.app.inject({ method: 'GET', url: `/api/widget/events/${eventId}` });
    expect(widget.statusCode).toBe(200);
    expect(widget.body).not.toContain('Speaker');
    expect(widget.body).not.toContain(key);

    const mine = (await pull(owner, 'events')).find((d) => d.event_id === eventId)!;
    expect(mine.admin.sales.types.find((t) => t.id === speaker)).toMatchObject({ hidden: true, access_key: key });
  });

  it('cannot be bought without its key or with a guessed one, and nothing is ordered', async () => {
    const { eventId, speaker, key } = await speakersEvent();
    const buyer = await person();
    const without = await buy(buyer, { event_id: eventId, lines: [line(speaker)], expected_total: 0 });
    expect(without).toMatchObject({ status_code: 404, error: 'ticket_type_not_found' });
    const guessed = key.replace(/^./, key[0] === 'a' ? 'b' : 'a');
    for (const access of [guessed, 'not-a-key', String(speaker)]) {
      const r = await buy(buyer, { event_id: eventId, lines: [line(speaker)], expected_total: 0, access, lang: 'uk' });
      expect(r, access).toMatchObject({ status_code: 403, error: 'ticket_access_invalid', detail: 'access' });
      expect(r.message).toContain('приватне посилання не діє');
    }
    const asked = await offer(eventId, guessed);
    expect(asked.access).toBe('invalid');
    expect(asked.types.map((t) => t.id)).not.toContain(speaker);
    expect(await ordersOf(buyer.id)).toBe(0);
  });

  it('is offered and sold with the key of its link, beside the public types', async () => {
    const { eventId, visitor, speaker, key } = await speakersEvent();
    const withKey = await offer(eventId, key);
    expect(withKey.access).toBe('valid');
    expect(withKey.types.map((t) => [t.id, t.hidden])).toEqual([
      [visitor, false],
      [speaker, true],
    ]);
    const buyer = await person();
    const r = await buy(buyer, { event_id: eventId, lines: [line(speaker), line(visitor, 'Taras Melnyk')], expected_total: 0, access: key });
    expect(r.error).toBeUndefined();
    expect(r.data.order).toMatchObject({ state: 'paid', lines: [{ type: 'Speaker' }, { type: 'Visitor' }] });
    const taken = await sql<{ taken: number }>`SELECT taken FROM ticket_types WHERE id = ${speaker}`.execute(s.app.db);
    expect(taken.rows[0]!.taken).toBe(1);
  });

  it('keeps its link working, without any refusal, once the organiser shows the type to everybody', async () => {
    const { owner, eventId, visitor, speaker, key } = await speakersEvent();
    expect(
      await send(owner, 'ticket_type.save', { event_id: eventId, type_id: speaker, fields: { ...typeFields({ name: 'Speaker', quota: 20 }), hidden: false } }),
    ).toMatchObject({
      status: 'applied',
    });
    const shown = await offer(eventId, key);
    expect(shown.access).toBe('valid');
    expect(shown.types.map((t) => [t.id, t.hidden])).toEqual([
      [visitor, false],
      [speaker, false],
    ]);
    const r = await buy(await person(), { event_id: eventId, lines: [line(speaker)], expected_total: 0, access: key });
    expect(r.data.order).toMatchObject({ state: 'paid' });
  });

  it('does not open to the key of another event or another type', async () => {
    const a = await speakersEvent();
    const b = await speakersEvent();
    const buyer = await person();
    const r = await buy(buyer, { event_id: a.eventId, lines: [line(a.speaker)], expected_total: 0, access: b.key, lang: 'en' });
    expect(r).toMatchObject({ error: 'ticket_access_invalid', detail: 'access' });
    const staff = await addType(a.owner, a.eventId, { name: 'Staff', hidden: true });
    const staffKey = await keyOf(a.owner, a.eventId, staff);
    expect(staffKey).not.toBe(a.key);
    expect((await offer(a.eventId, staffKey)).types.map((t) => t.id)).toEqual([a.visitor, staff]);
    const wrongType = await buy(buyer, { event_id: a.eventId, lines: [line(a.speaker)], expected_total: 0, access: staffKey });
    expect(wrongType).toMatchObject({ error: 'ticket_access_invalid' });
    expect(await ordersOf(buyer.id)).toBe(0);
  });

  it('gets a new link from its organiser only, and the old link stops working', async () => {
    const { owner, eventId, speaker, key } = await speakersEvent();
    const stranger = await person();
    expect(await send(stranger, 'ticket_type.new_link', { event_id: eventId, type_id: speaker })).toMatchObject({
      status: 'rejected',
      code: 'organiser_required',
    });
    expect(await keyOf(owner, eventId, speaker)).toBe(key);

    expect(await send(owner, 'ticket_type.new_link', { event_id: eventId, type_id: speaker })).toMatchObject({ status: 'applied' });
    const fresh = await keyOf(owner, eventId, speaker);
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(key);

    const buyer = await person();
    const old = await buy(buyer, { event_id: eventId, lines: [line(speaker)], expected_total: 0, access: key, lang: 'pl' });
    expect(old).toMatchObject({ status_code: 403, error: 'ticket_access_invalid', detail: 'access' });
    expect(old.message).toContain('prywatny link nie działa');
    expect((await offer(eventId, key)).access).toBe('invalid');
    expect(await ordersOf(buyer.id)).toBe(0);
    const now = await buy(buyer, { event_id: eventId, lines: [line(speaker)], expected_total: 0, access: fresh });
    expect(now.data.order).toMatchObject({ state: 'paid' });

    const other = await speakersEvent();
    expect(await send(owner, 'ticket_type.new_link', { event_id: eventId, type_id: other.speaker })).toMatchObject({
      status: 'rejected',
      code: 'ticket_type_not_found',
    });
  });

  it('keeps its key out of every document an attendee pulls, even one who bought through the link', async () => {
    const { owner, eventId, speaker, key } = await speakersEvent();
    const attendee = await person();
    const bought = await buy(attendee, { event_id: eventId, lines: [line(speaker)], expected_total: 0, access: key });
    expect(bought.data.order).toMatchObject({ state: 'paid' });
    const pulled = JSON.stringify([
      await pull(attendee, 'events'),
      await pull(attendee, 'my_events'),
      await pull(attendee, 'tickets'),
      await pull(null, 'events'),
    ]);
    expect(pulled).not.toContain(key);
    const attendeeDoc = (await pull(attendee, 'events')).find((d) => d.event_id === eventId)!;
    expect(attendeeDoc.admin.sales.types).toEqual([]);
    // The ticket reached the attendee: the test would pass vacuously if their pull were empty.
    expect(JSON.stringify(await pull(attendee, 'tickets'))).toContain('Speaker');
    // The organisers' copy is the one that carries it.
    expect(JSON.stringify(await pull(owner, 'events'))).toContain(key);
  });
});

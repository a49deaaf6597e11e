import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { TicketDoc } from '../../contract/tickets.ts';
import type { WaitlistAdminView } from '../../contract/waitlist.ts';
import type { DB } from '../../server/db/types.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { auth, salesKit, type Person } from './sales-helpers.ts';

/** What the waitlist tests share: a sold-out type, joining its line, and reading the line back. */
export function waitlistKit(app: () => FastifyInstance) {
  const kit = salesKit(app);

  /** A paid event (bank transfer) with one type of `quota` places, all taken by pending orders. */
  async function soldOut(quota = 1) {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    await kit.setSettings(owner, eventId);
    const typeId = await kit.addType(owner, eventId, { name: 'Standard', price: 100, quota });
    const holders: { who: Person; code: string }[] = [];
    for (let i = 0; i < quota; i++) {
      const who = await kit.person();
      const r = await kit.buy(who, { event_id: eventId, method: 'transfer', lines: [kit.line(typeId)], expected_total: 100 });
      holders.push({ who, code: r.data.order.code });
    }
    return { owner, eventId, typeId, holders };
  }

  /** The person's place in the line as their own devices get it. */
  async function entryDoc(who: Person, typeId: number): Promise<TicketDoc | undefined> {
    const docs = (await kit.pull(who, 'tickets')).filter((d) => d.kind === 'waitlist' && d.waitlist.type_id === typeId);
    return docs.sort((a, b) => b.waitlist.entry_id - a.waitlist.entry_id)[0];
  }

  async function join(who: Person, eventId: number, typeId: number) {
    return kit.send(who, 'waitlist.join', { event_id: eventId, type_id: typeId });
  }

  /** The buyer cancels a pending order of theirs: one freed place, through the ordinary path. */
  async function cancel(who: Person, code: string) {
    const res = await app().inject({ method: 'POST', url: `/api/checkout/orders/${code}/cancel`, headers: auth(who.token), payload: {} });
    return res.json() as Envelope<{ state: string }>;
  }

  async function waitlistOf(owner: Person, eventId: number) {
    const res = await app().inject({ method: 'GET', url: `/api/events/${eventId}/waitlist`, headers: auth(owner.token) });
    return res.json() as Envelope<WaitlistAdminView>;
  }

  async function buyOffer(who: Person, eventId: number, typeId: number, offer: string, lang?: string) {
    return kit.buy(who, { event_id: eventId, method: 'transfer', lines: [kit.line(typeId)], expected_total: 100, offer, ...(lang ? { lang } : {}) });
  }

  return { ...kit, soldOut, entryDoc, join, cancel, waitlistOf, buyOffer };
}

export async function takenOf(db: Kysely<DB>, typeId: number): Promise<{ quota: number | null; taken: number }> {
  const r = await sql<{ quota: number | null; taken: number }>`SELECT quota, taken FROM ticket_types WHERE id = ${typeId}`.execute(db);
  return r.rows[0]!;
}

export async function statesOf(db: Kysely<DB>, typeId: number): Promise<Record<string, number>> {
  const r = await sql<{
    state: string;
    n: number;
  }>`SELECT state, count(*)::int AS n FROM waitlist_entries WHERE ticket_type_id = ${typeId} GROUP BY state`.execute(db);
  return Object.fromEntries(r.rows.map((x) => [x.state, x.n]));
}

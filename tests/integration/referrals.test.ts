import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { noteReferredTicket } from '../../server/domain/referrals/service.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { command } from './chat-helpers.ts';
import { salesKit } from './sales-helpers.ts';

/**
 * Referrals (issue 16): a sign-up through a person's link is recorded with the new account; an
 * existing account that opens a link claims it (referral.claim); tickets are counted from the
 * tickets table, and the path that issues a ticket can note it (noteReferredTicket); names show
 * only for people who let themselves be listed.
 */

const s = serverPerFile();
const sales = salesKit(() => s.app);

async function person() {
  const u = await createUser(s.app.db);
  const code = (await s.app.db.selectFrom('users').select('referral_code').where('id', '=', u.id).executeTakeFirstOrThrow()).referral_code;
  return { id: u.id, token: await createSession(s.app.db, u.id), code };
}

async function referrals(token: string) {
  const res = await s.app.inject({ url: '/api/referrals', headers: { authorization: `Bearer ${token}` } });
  expect(res.json().status_code).toBe(200);
  return res.json().data as {
    code: string;
    events: {
      event_id: number;
      signed_up: number;
      tickets: number;
      people: { user_id: number; first_name: string; via: string; has_ticket: boolean; ticket_at: number }[];
    }[];
  };
}

let n = 0;
async function signUp(extra: Record<string, unknown>) {
  const email = `referred${++n}-${Date.now()}@test.local`;
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: `10.9.${n}.1`,
    payload: { email, password: 'a long pass phrase 42', first_name: `Referred${n}`, lang: 'en', ...extra },
  });
  const user = await s.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return { body: res.json(), id: user?.id };
}

describe('referrals', () => {
  it('records a sign-up through the link, counts the ticket the new person gets, and notes when', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const anna = await person();
    expect(anna.code).toMatch(/^[a-f0-9]{12}$/);
    const joined = await signUp({ ref: anna.code, ref_event_id: ev });
    expect(joined.body.status_code).toBe(200);
    let mine = await referrals(anna.token);
    expect(mine.code).toBe(anna.code);
    expect(mine.events).toMatchObject([{ event_id: ev, signed_up: 1, tickets: 0, people: [{ user_id: joined.id, via: 'signup', has_ticket: false }] }]);

    const ticket = await createTicket(s.app.db, ev, joined.id!);
    mine = await referrals(anna.token);
    expect(mine.events[0]).toMatchObject({ signed_up: 1, tickets: 1, people: [{ has_ticket: true }] });
    const referrer = await s.app.writer.run(async (trx) => ({
      result: await noteReferredTicket(trx, { userId: joined.id!, eventId: ev, ticketId: ticket.id }),
      effect: { ids: [], collections: [], userIds: [] },
    }));
    expect(referrer.result).toBe(anna.id);
    const row = await s.app.db.selectFrom('referrals').select(['ticket_id', 'ticketed_at']).where('user_id', '=', joined.id!).executeTakeFirstOrThrow();
    expect(row.ticket_id).toBe(ticket.id);
    // Only the first ticket is noted.
    const again = await s.app.writer.run(async (trx) => ({
      result: await noteReferredTicket(trx, { userId: joined.id!, eventId: ev, ticketId: ticket.id }),
      effect: { ids: [], collections: [], userIds: [] },
    }));
    expect(again.result).toBeUndefined();

    // A cancelled ticket no longer counts.
    await s.app.db.updateTable('tickets').set({ status: 'cancelled' }).where('id', '=', ticket.id).execute();
    expect((await referrals(anna.token)).events[0]).toMatchObject({ tickets: 0, people: [{ has_ticket: false }] });
  });

  it('lets an existing account claim a link; the first link per event counts, never one’s own', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const anna = await person();
    const bohdan = await person();
    const olena = await person();
    expect(await command(s.app, olena.token, 'referral.claim', { code: anna.code, event_id: ev })).toMatchObject({ status: 'applied' });
    expect(await command(s.app, olena.token, 'referral.claim', { code: bohdan.code, event_id: ev })).toMatchObject({ status: 'applied' });
    expect(await command(s.app, anna.token, 'referral.claim', { code: anna.code, event_id: ev })).toMatchObject({ status: 'applied' });
    // A code that names nobody and a removed event: nothing recorded, nothing refused.
    expect(await command(s.app, olena.token, 'referral.claim', { code: '000000000000', event_id: ev })).toMatchObject({ status: 'applied' });
    await createTicket(s.app.db, ev, olena.id);
    expect((await referrals(anna.token)).events).toMatchObject([{ event_id: ev, signed_up: 0, tickets: 1, people: [{ user_id: olena.id, via: 'link' }] }]);
    expect((await referrals(bohdan.token)).events).toEqual([]);

    for (const payload of [{ code: 'ANNA', event_id: ev }, { code: anna.code }, { code: anna.code, event_id: ev, user_id: bohdan.id }]) {
      expect(await command(s.app, olena.token, 'referral.claim', payload)).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    }
  });

  it('counts a person who hides from visitor lists without naming them, and a stale link never stops a sign-up', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const anna = await person();
    const hidden = await signUp({ ref: anna.code, ref_event_id: ev });
    await s.app.db.updateTable('users').set({ hide_from_visitors: true }).where('id', '=', hidden.id!).execute();
    expect((await referrals(anna.token)).events[0]).toMatchObject({ signed_up: 1, people: [{ user_id: 0, first_name: '' }] });

    const removed = (await createEvent(s.app.db)).id;
    await s.app.db.updateTable('events').set({ deleted: true }).where('id', '=', removed).execute();
    const stale = await signUp({ ref: anna.code, ref_event_id: removed });
    expect(stale.body.status_code).toBe(200);
    expect(stale.id).toBeGreaterThan(0);
    const unknown = await signUp({ ref: 'ffffffffffff', ref_event_id: ev });
    expect(unknown.id).toBeGreaterThan(0);
    expect((await referrals(anna.token)).events.map((e) => e.event_id)).toEqual([ev]);
  });

  it('needs a session', async () => {
    const res = await s.app.inject({ url: '/api/referrals' });
    expect(res.json()).toMatchObject({ status_code: 403 });
  });
  it('notes the ticket a referred person buys through the checkout', async () => {
    const owner = await sales.person();
    const ev = await sales.newEvent(owner);
    const free = await sales.addType(owner, ev, { name: 'Entry', price: 0 });
    const anna = await person();
    const claimer = await person();
    expect((await command(s.app, claimer.token, 'referral.claim', { code: anna.code, event_id: ev })).status).toBe('applied');
    const bought = await sales.buy({ id: claimer.id, email: '', token: claimer.token }, { event_id: ev, lines: [sales.line(free)], expected_total: 0 });
    expect(bought.status_code, JSON.stringify(bought)).toBe(200);
    const row = await s.app.db.selectFrom('referrals').select(['ticket_id', 'ticketed_at']).where('user_id', '=', claimer.id).executeTakeFirstOrThrow();
    expect(row.ticket_id).toBeGreaterThan(0);
    expect(row.ticketed_at).not.toBeNull();
    expect((await referrals(anna.token)).events).toMatchObject([{ event_id: ev, tickets: 1, people: [{ user_id: claimer.id, has_ticket: true }] }]);
  });
});

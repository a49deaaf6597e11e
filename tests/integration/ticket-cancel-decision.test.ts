import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../fixtures/mail.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { startStripeDouble, webhookSender, type StripeDouble } from '../fixtures/stripe-double.ts';
import { waitFor } from '../fixtures/wait.ts';
import { auth, salesKit, type Person } from './sales-helpers.ts';

/**
 * The organiser decides a holder's request to cancel a paid ticket (server/routes/api/cancel-requests.ts,
 * server/domain/ticket-holders/cancel-decision.ts): approving frees the place, makes the door refuse the
 * ticket and gives the line's money back once however often it is approved (a card payment in
 * part through the Stripe test double, which stands in for the provider this machine cannot
 * reach; a bank transfer recorded for the organiser); declining leaves the ticket. The holder is
 * mailed either way. Strangers and bad input are refused, never answered with a server error.
 */

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
let s: TestServer;
let double: StripeDouble;
const dataDir = ownDataDir('ticket-cancel-decision');
beforeAll(async () => {
  double = await startStripeDouble();
  s = await startTestServer({
    dataDir,
    config: { stripe: { secretKey: 'sk_test_foyer_double', webhookSecret: WEBHOOK_SECRET, api: { protocol: 'http', host: '127.0.0.1', port: double.port } } },
  });
});
afterAll(async () => {
  await s?.close();
  await double?.close();
});
const { person, send, newEvent, setSettings, addType, pull, line, buy, organiser } = salesKit(() => s.app);
const webhook = webhookSender(() => s.app, WEBHOOK_SECRET);

async function taken(typeId: number) {
  const r = await sql<{ taken: number }>`SELECT taken FROM ticket_types WHERE id = ${typeId}`.execute(s.app.db);
  return r.rows[0]!.taken;
}

/** Two tickets of one order (bank transfer marked paid, or a card paid through the double), the first asked to be cancelled. */
async function requested(method: 'transfer' | 'card') {
  const owner = await person();
  const eventId = await newEvent(owner);
  const card = method === 'card';
  await setSettings(owner, eventId, { paid_cancel: 'request', card_enabled: card, transfer_enabled: !card, transfer_instructions: card ? '' : 'IBAN' });
  const typeId = await addType(owner, eventId, { name: 'Regular', price: 1250.5, quota: 5 });
  const holder = await person();
  const placed = await buy(holder, { event_id: eventId, method, lines: [line(typeId, 'A'), line(typeId, 'B')], expected_total: 2501 });
  expect(placed.status_code).toBe(200);
  const order = placed.data.order;
  let paymentIntent = '';
  if (card) {
    const session = double.pay([...double.sessions.values()].find((x) => x.client_reference_id === order.code)!.id);
    paymentIntent = session.payment_intent!;
    expect((await webhook('checkout.session.completed', session)).body.outcome).toBe('applied');
  } else {
    expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${order.code}/mark-paid`, {})).status_code).toBe(200);
  }
  const tickets = (await pull(holder, 'tickets')).filter((d) => d.kind === 'ticket' && d.event_id === eventId);
  expect(await send(holder, 'ticket.cancel', { ticket_id: tickets[0]!.ticket_id })).toMatchObject({ status: 'applied' });
  const list = await organiser<{ items: { id: number; ticket_id: number; method: string; price: number }[] }>(
    owner,
    'GET',
    `/api/events/${eventId}/cancel-requests`,
  );
  expect(list.data.items).toEqual([expect.objectContaining({ ticket_id: tickets[0]!.ticket_id, method, price: 1250.5 })]);
  return { owner, eventId, typeId, holder, tickets, order, paymentIntent, requestId: list.data.items[0]!.id };
}

const decide = (owner: Person, eventId: number, id: number, what: 'approve' | 'decline') =>
  organiser<{ state: string }>(owner, 'POST', `/api/events/${eventId}/cancel-requests/${id}/${what}`, {});

async function ticketOf(holder: Person, ticketId: number) {
  return (await pull(holder, 'tickets')).find((d) => d.kind === 'ticket' && d.ticket_id === ticketId)!;
}

describe('approving a cancellation request', () => {
  it('frees the place, revokes the ticket at the door and records a bank transfer refund once, however often it is approved', async () => {
    const { owner, eventId, typeId, holder, tickets, order, requestId } = await requested('transfer');
    expect(await taken(typeId)).toBe(2);
    for (let i = 0; i < 2; i++) expect((await decide(owner, eventId, requestId, 'approve')).data.state).toBe('approved');
    expect(await taken(typeId)).toBe(1);
    expect(await ticketOf(holder, tickets[0]!.ticket_id)).toMatchObject({ status: 'cancelled', paid_cancel: '' });
    expect(await ticketOf(holder, tickets[1]!.ticket_id)).toMatchObject({ status: 'valid' });
    const door = await pull(owner, 'door_tickets', `&event_id=${eventId}`);
    expect(door.find((d) => d.ticket_id === tickets[0]!.ticket_id)).toMatchObject({ status: 'cancelled' });
    // The other line is still paid for.
    expect((await pull(holder, 'tickets')).find((d) => d.kind === 'order' && d.order.code === order.code)!.order.state).toBe('paid');
    expect((await organiser<{ items: unknown[] }>(owner, 'GET', `/api/events/${eventId}/cancel-requests`)).data.items).toEqual([]);
    await waitFor('the approval mail', () => mailsTo(dataDir, holder.email).find((m) => m.subject.includes('Квиток скасовано')) ?? null);
    // The second ticket too: the order's last line ends it as refunded.
    expect(await send(holder, 'ticket.cancel', { ticket_id: tickets[1]!.ticket_id })).toMatchObject({ status: 'applied' });
    const next = await organiser<{ items: { id: number }[] }>(owner, 'GET', `/api/events/${eventId}/cancel-requests`);
    expect((await decide(owner, eventId, next.data.items[0]!.id, 'approve')).data.state).toBe('approved');
    expect(await taken(typeId)).toBe(0);
    expect((await pull(holder, 'tickets')).find((d) => d.kind === 'order' && d.order.code === order.code)!.order.state).toBe('refunded');
  });

  it('refunds one line of a card order through the provider once, with the line amount', async () => {
    const { owner, eventId, typeId, requestId, paymentIntent } = await requested('card');
    for (let i = 0; i < 2; i++) expect((await decide(owner, eventId, requestId, 'approve')).data.state).toBe('approved');
    const calls = double.calls.filter((c) => c.path === '/v1/refunds' && c.form.payment_intent === paymentIntent);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ idempotencyKey: `foyer-cancel-request-${requestId}-refund`, form: { amount: '125050' } });
    expect(await taken(typeId)).toBe(1);
  });

  it('keeps the ticket and the request open when the provider fails', async () => {
    const { owner, eventId, holder, tickets, requestId } = await requested('card');
    double.failNext('/v1/refunds', 500, 5);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/cancel-requests/${requestId}/approve`,
      headers: auth(owner.token),
      payload: {},
    });
    expect(res.json()).toMatchObject({ error: 'refund_failed' });
    expect(await ticketOf(holder, tickets[0]!.ticket_id)).toMatchObject({ status: 'valid', paid_cancel: 'requested' });
  });
});

describe('declining a cancellation request', () => {
  it('leaves the ticket valid with its place, lets the holder ask again, and mails the holder', async () => {
    const { owner, eventId, typeId, holder, tickets, requestId } = await requested('transfer');
    for (let i = 0; i < 2; i++) expect((await decide(owner, eventId, requestId, 'decline')).data.state).toBe('declined');
    // Declined is final for this request: approving it afterwards changes nothing.
    expect((await decide(owner, eventId, requestId, 'approve')).data.state).toBe('declined');
    expect(await taken(typeId)).toBe(2);
    expect(await ticketOf(holder, tickets[0]!.ticket_id)).toMatchObject({ status: 'valid', paid_cancel: 'request' });
    await waitFor('the decline mail', () => mailsTo(dataDir, holder.email).find((m) => m.subject.includes('Ваш квиток чинний')) ?? null);
  });

  it('refuses strangers and bad input without a server error', async () => {
    const { eventId, requestId } = await requested('transfer');
    const stranger = await person();
    for (const url of [`/api/events/${eventId}/cancel-requests/${requestId}/approve`, `/api/events/${eventId}/cancel-requests/${requestId}/decline`]) {
      const res = await s.app.inject({ method: 'POST', url, headers: auth(stranger.token), payload: {} });
      expect(res.json()).toMatchObject({ error: 'organiser_required' });
    }
    for (const url of [
      `/api/events/${eventId}/cancel-requests/x/approve`,
      `/api/events/${eventId}/cancel-requests/99999999/decline`,
      `/api/events/${eventId}/cancel-requests/-1/approve`,
    ]) {
      const res = await s.app.inject({ method: 'POST', url, headers: auth(stranger.token), payload: {} });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

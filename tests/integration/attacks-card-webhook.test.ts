import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { startStripeDouble, webhookSender, type DoubleSession, type StripeDouble } from '../fixtures/stripe-double.ts';
import { salesKit, type Person } from './sales-helpers.ts';

/**
 * Issue 26, finding 5: the card webhook must be bound to the order. Stripe signs every event of the
 * provider account with the endpoint's secret, so a correctly signed event proves only that the
 * account produced it, not that the Checkout Session is the one Foyer opened for the order. Here a
 * second session is created on the same account (through the official SDK, against the TEST DOUBLE
 * OF STRIPE'S API, tests/fixtures/stripe-double.ts) naming the order in its metadata, as another
 * shop on the account, or anybody who can create sessions there, could. Its events and events whose
 * amount or currency differ from the order's change nothing, are answered 200 (Stripe must not
 * retry them for days) and say `mismatch`; the genuine session still pays.
 */

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const SECRET_KEY = 'sk_test_foyer_double';
let s: TestServer;
let double: StripeDouble;
let account: Stripe;

beforeAll(async () => {
  double = await startStripeDouble();
  s = await startTestServer({
    dataDir: ownDataDir('attacks-card-webhook'),
    config: { stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, api: { protocol: 'http', host: '127.0.0.1', port: double.port } } },
  });
  // The same provider account as Foyer's, as another integration on it would use it.
  account = new Stripe(SECRET_KEY, { protocol: 'http', host: '127.0.0.1', port: double.port, maxNetworkRetries: 0 });
});
afterAll(async () => {
  await s?.close();
  await double?.close();
});

const { person, newEvent, setSettings, addType, line, buy, organiser } = salesKit(() => s.app);

const post = webhookSender(() => s.app, WEBHOOK_SECRET);
async function webhook(type: string, object: unknown, eventId?: string) {
  const r = await post(type, object, { eventId });
  return { status: r.status, outcome: r.body.outcome };
}

/** A pending UAH 500 card order and the session Foyer opened for it. */
async function pendingCardOrder(price = 500) {
  const owner = await person();
  const eventId = await newEvent(owner);
  await setSettings(owner, eventId, { card_enabled: true, transfer_enabled: true });
  const typeId = await addType(owner, eventId, { name: 'Pass', price, quota: 5 });
  const buyer = await person();
  const placed = await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: price, method: 'card' });
  expect(placed.status_code).toBe(200);
  const order = placed.data.order;
  const session = [...double.sessions.values()].find((x) => x.client_reference_id === order.code)!;
  return { owner, buyer, eventId, typeId, order, session };
}

/** A session of the same account that Foyer never opened, naming the order in its metadata. */
async function foreignSession(orderId: number, currency = 'usd', amount = 1): Promise<DoubleSession> {
  const made = await account.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name: 'Sticker' } } }],
    metadata: { order_id: String(orderId) },
    success_url: 'https://shop.example/ok',
    cancel_url: 'https://shop.example/no',
  });
  return double.sessions.get(made.id)!;
}

async function stateOf(owner: Person, eventId: number, code: string): Promise<string> {
  const list = await organiser<{ items: { code: string; state: string }[] }>(owner, 'GET', `/api/events/${eventId}/orders`);
  return list.data.items.find((o) => o.code === code)!.state;
}

describe('a signed webhook of another Checkout Session', () => {
  it('does not pay an order it names: USD 0.01 of another session leaves a UAH 500 order pending', async () => {
    const { owner, eventId, order } = await pendingCardOrder();
    const foreign = double.pay((await foreignSession(order.id)).id);
    expect(await webhook('checkout.session.completed', foreign)).toEqual({ status: 200, outcome: 'mismatch' });
    expect(await webhook('checkout.session.async_payment_succeeded', foreign)).toEqual({ status: 200, outcome: 'mismatch' });
    expect(await stateOf(owner, eventId, order.code)).toBe('pending');
  });

  it('does not expire or fail an order it names', async () => {
    const { owner, eventId, order } = await pendingCardOrder();
    const foreign = await foreignSession(order.id, 'uah', 50_000);
    expect(await webhook('checkout.session.expired', { ...foreign, status: 'expired' })).toEqual({ status: 200, outcome: 'mismatch' });
    expect(await webhook('checkout.session.async_payment_failed', foreign)).toEqual({ status: 200, outcome: 'mismatch' });
    expect(await stateOf(owner, eventId, order.code)).toBe('pending');
  });

  it('does not pay a bank-transfer order, which has no session at all', async () => {
    const { owner, eventId, typeId } = await pendingCardOrder();
    const buyer = await person();
    const transfer = (await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 500, method: 'transfer' })).data.order;
    const foreign = double.pay((await foreignSession(transfer.id, 'uah', 50_000)).id);
    expect((await webhook('checkout.session.completed', foreign)).outcome).toBe('mismatch');
    expect(await stateOf(owner, eventId, transfer.code)).toBe('pending');
  });

  it('naming a cancelled order makes Foyer refund nothing of somebody else’s payment', async () => {
    const { owner, buyer, eventId, order } = await pendingCardOrder();
    const cancel = await s.app.inject({
      method: 'POST',
      url: `/api/checkout/orders/${order.code}/cancel`,
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: {},
    });
    expect(cancel.json().status_code).toBe(200);
    const foreign = double.pay((await foreignSession(order.id, 'uah', 50_000)).id);
    expect((await webhook('checkout.session.completed', foreign)).outcome).toBe('mismatch');
    expect(double.calls.some((c) => c.path === '/v1/refunds' && c.form.payment_intent === foreign.payment_intent)).toBe(false);
    expect(await stateOf(owner, eventId, order.code)).toBe('cancelled');
  });
});

describe('the order’s own session with other figures', () => {
  it('pays only with the order’s amount in the order’s currency; the genuine event still pays', async () => {
    const { owner, eventId, order, session } = await pendingCardOrder();
    const paid = double.pay(session.id);
    expect(paid).toMatchObject({ currency: 'uah', amount_total: 50_000 });
    // The same figure in another currency's minor units, the amount in major units, no amount at all.
    expect((await webhook('checkout.session.completed', { ...paid, currency: 'usd' })).outcome).toBe('mismatch');
    expect((await webhook('checkout.session.completed', { ...paid, amount_total: 500 })).outcome).toBe('mismatch');
    expect((await webhook('checkout.session.completed', { ...paid, amount_total: null })).outcome).toBe('mismatch');
    expect(await stateOf(owner, eventId, order.code)).toBe('pending');
    expect((await webhook('checkout.session.completed', paid)).outcome).toBe('applied');
    expect(await stateOf(owner, eventId, order.code)).toBe('paid');
  });

  it('replayed for another order (its metadata rewritten) pays neither again nor the other', async () => {
    const first = await pendingCardOrder();
    const second = await pendingCardOrder();
    const paid = double.pay(first.session.id);
    expect((await webhook('checkout.session.completed', paid)).outcome).toBe('applied');
    const replay = { ...paid, metadata: { ...paid.metadata, order_id: String(second.order.id) } };
    expect((await webhook('checkout.session.completed', replay)).outcome).toBe('mismatch');
    expect(await stateOf(second.owner, second.eventId, second.order.code)).toBe('pending');
  });
});

describe('charge.refunded', () => {
  it('refunds an order only for its own payment, amount and currency', async () => {
    const { owner, eventId, order, session } = await pendingCardOrder();
    const paid = double.pay(session.id);
    expect((await webhook('checkout.session.completed', paid)).outcome).toBe('applied');
    const charge = {
      id: 'ch_test_x',
      object: 'charge',
      payment_intent: paid.payment_intent,
      refunded: true,
      amount: 50_000,
      amount_refunded: 50_000,
      currency: 'uah',
    };

    const foreign = double.pay((await foreignSession(order.id, 'uah', 50_000)).id);
    expect((await webhook('charge.refunded', { ...charge, payment_intent: foreign.payment_intent })).outcome).toBe('ignored');
    expect((await webhook('charge.refunded', { ...charge, currency: 'usd' })).outcome).toBe('mismatch');
    expect((await webhook('charge.refunded', { ...charge, amount: 1, amount_refunded: 1 })).outcome).toBe('mismatch');
    expect(await stateOf(owner, eventId, order.code)).toBe('paid');

    expect((await webhook('charge.refunded', charge)).outcome).toBe('applied');
    expect(await stateOf(owner, eventId, order.code)).toBe('refunded');
  });
});

describe('the payment page asked for again', () => {
  it('answers payment_failed, not 500, while the provider is down, and the order keeps waiting', async () => {
    const { owner, buyer, eventId, order, session } = await pendingCardOrder();
    double.failNext(`/v1/checkout/sessions/${session.id}`, 500, 5);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/checkout/orders/${order.code}/pay`,
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status_code: 502, error: 'payment_failed' });
    expect(await stateOf(owner, eventId, order.code)).toBe('pending');
  });
});

describe('a payment page that is over', () => {
  it('is not replaced by a second session, which the webhook would not count', async () => {
    const { buyer, order, session } = await pendingCardOrder();
    double.sessions.get(session.id)!.status = 'expired';
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/checkout/orders/${order.code}/pay`,
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: {},
    });
    expect(res.json()).toMatchObject({ status_code: 409, error: 'order_state_changed' });
  });
});

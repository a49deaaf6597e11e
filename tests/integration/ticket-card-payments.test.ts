import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentsOf, mailsTo, waitForMail } from '../fixtures/mail.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { signedHeader, startStripeDouble, webhookSender, type StripeDouble } from '../fixtures/stripe-double.ts';
import { waitFor } from '../fixtures/wait.ts';
import type { TicketDoc } from '../../contract/tickets.ts';
import { auth, salesKit, type OrderList } from './sales-helpers.ts';

/**
 * Card payments through Stripe's official SDK (issue 15). This machine cannot reach Stripe: the SDK
 * talks to a TEST DOUBLE OF STRIPE'S API (tests/fixtures/stripe-double.ts), and the webhooks are
 * signed with the SDK's own test-signature helper (`stripe.webhooks.generateTestHeaderString`) and
 * verified by the server with the SDK. What is proven is Foyer's side: what it asks of the SDK,
 * that only signed webhooks count, that a webhook delivered twice pays once, refunds through the
 * SDK, and what happens when the provider fails or a payment comes too late.
 */

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const SECRET_KEY = 'sk_test_foyer_double';
let s: TestServer;
let double: StripeDouble;
const dataDir = ownDataDir('ticket-cards');
/** The SDK, used here only for its test-signature helper; it never makes a request. */

beforeAll(async () => {
  double = await startStripeDouble();
  s = await startTestServer({
    dataDir,
    config: { stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, api: { protocol: 'http', host: '127.0.0.1', port: double.port } } },
  });
});
afterAll(async () => {
  await s?.close();
  await double?.close();
});

const kit = salesKit(() => s.app);
const { person, newEvent, setSettings, addType, pull, line, buy, organiser } = kit;

const post = webhookSender(() => s.app, WEBHOOK_SECRET);
const webhook = (type: string, object: unknown, signature?: string, eventId?: string) => post(type, object, { signature, eventId });

async function cardEvent(quota = 5) {
  const owner = await person();
  const eventId = await newEvent(owner);
  await setSettings(owner, eventId, { card_enabled: true, transfer_enabled: false, transfer_instructions: '' });
  const typeId = await addType(owner, eventId, { name: 'Pass', price: 1250.5, quota });
  return { owner, eventId, typeId };
}

async function orderDoc(who: { token: string; id: number; email: string }, code: string): Promise<TicketDoc | undefined> {
  return (await pull(who, 'tickets')).find((d) => d.kind === 'order' && d.order.code === code);
}

describe('a card payment', () => {
  it('opens the provider’s page through the SDK, and a signed webhook pays the order once however often it comes', async () => {
    const { eventId, typeId } = await cardEvent();
    const buyer = await person();
    const offer = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types` });
    expect(offer.json().data.methods).toEqual(['card']);

    const placed = await buy(buyer, { event_id: eventId, lines: [line(typeId), line(typeId, 'Petro Bondar')], expected_total: 2501, method: 'card' });
    expect(placed.status_code).toBe(200);
    const order = placed.data.order;
    expect(order).toMatchObject({ state: 'pending', method: 'card', total: 2501 });
    const created = double.calls.find((c) => c.path === '/v1/checkout/sessions' && c.form.client_reference_id === order.code)!;
    // Amounts in the currency's minor units, the secret key as the credential, an idempotency key per order.
    expect(created.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'uah',
      'line_items[0][price_data][unit_amount]': '125050',
      'metadata[order_id]': String(order.id),
      customer_email: buyer.email,
    });
    expect(created.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(created.idempotencyKey).toBe(`foyer-order-${order.id}-checkout`);
    const session = [...double.sessions.values()].find((x) => x.client_reference_id === order.code)!;
    expect(placed.data.redirect_url).toBe(session.url);
    expect(created.form.success_url).toContain(`/events/${eventId}/checkout?order=${order.code}`);

    // The buyer pays on the provider's page; a forged confirmation changes nothing.
    double.pay(session.id);
    const forged = await webhook('checkout.session.completed', session, 't=1,v1=deadbeef');
    expect(forged.status).toBe(400);
    expect((await orderDoc(buyer, order.code))?.order.state).toBe('pending');

    const first = await webhook('checkout.session.completed', session);
    expect(first).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    // Stripe delivers the very same event again: it pays once.
    const header = signedHeader(first.payload, WEBHOOK_SECRET);
    const again = await s.app.inject({
      method: 'POST',
      url: '/payments/stripe/webhook',
      headers: { 'stripe-signature': header, 'content-type': 'application/json' },
      payload: first.payload,
    });
    expect(again.json()).toMatchObject({ outcome: 'repeated' });
    // A second event about the same payment changes nothing either.
    expect((await webhook('checkout.session.async_payment_succeeded', session)).body.outcome).toBe('applied');

    const docs = await pull(buyer, 'tickets');
    expect(docs.filter((d) => d.kind === 'ticket').map((d) => d.name)).toEqual(['Olha Kravets', 'Petro Bondar']);
    expect(docs.find((d) => d.kind === 'order')).toMatchObject({ order: { state: 'paid', method: 'card' } });
    const mail = await waitForMail(dataDir, buyer.email);
    expect(attachmentsOf(mail.file)).toHaveLength(2);
    expect(mailsTo(dataDir, buyer.email)).toHaveLength(1);
  });

  it('is refunded by the organiser through the SDK; the provider’s own refund event then changes nothing', async () => {
    const { owner, eventId, typeId } = await cardEvent();
    const buyer = await person();
    const order = (await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 1250.5, method: 'card' })).data.order;
    const session = double.pay([...double.sessions.values()].find((x) => x.client_reference_id === order.code)!.id);
    expect((await webhook('checkout.session.completed', session)).body.outcome).toBe('applied');

    const list = await organiser<OrderList>(owner, 'GET', `/api/events/${eventId}/orders?state=paid`);
    expect(list.data.items[0]).toMatchObject({ code: order.code, refundable_by_provider: true });
    const refunded = await organiser(owner, 'POST', `/api/events/${eventId}/orders/${order.code}/refund`, {});
    expect(refunded.data.state).toBe('refunded');
    const call = double.calls.find((c) => c.path === '/v1/refunds' && c.form.payment_intent === session.payment_intent)!;
    expect(call.idempotencyKey).toBe(`foyer-order-${order.id}-refund`);
    // Stripe's charge carries its amount and currency, which must be the order's (issue 26).
    const charge = { id: 'ch_test_1', object: 'charge', payment_intent: session.payment_intent, refunded: true, amount: 125050, currency: 'uah' };
    expect((await webhook('charge.refunded', charge)).body.outcome).toBe('applied');
    expect((await orderDoc(buyer, order.code))?.order.state).toBe('refunded');
    expect((await pull(owner, 'door_tickets', `&event_id=${eventId}`)).map((d) => d.status)).toEqual(['cancelled']);
  });

  it('keeps nothing when the provider fails to open a payment', async () => {
    const { eventId, typeId } = await cardEvent(1);
    const buyer = await person();
    // More failures than the SDK's retries.
    double.failNext('/v1/checkout/sessions', 500, 5);
    const failed = await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 1250.5, method: 'card' });
    expect(failed).toMatchObject({ status_code: 502, error: 'payment_failed' });
    // The one ticket went back on sale; the order is recorded as cancelled, nothing charged.
    const offer = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types` });
    expect(offer.json().data.types[0]).toMatchObject({ state: 'on_sale', left: 1 });
  });

  it('expires with the provider’s session, and a payment that comes after its tickets were sold is given back', async () => {
    const { eventId, typeId } = await cardEvent(1);
    const buyer = await person();
    const order = (await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 1250.5, method: 'card' })).data.order;
    const session = [...double.sessions.values()].find((x) => x.client_reference_id === order.code)!;
    expect((await webhook('checkout.session.expired', { ...session, status: 'expired' })).body.outcome).toBe('applied');
    expect((await orderDoc(buyer, order.code))?.order.state).toBe('expired');

    // Somebody else buys the freed ticket by transfer... then the first buyer's payment arrives after all.
    const other = await person();
    const otherOrder = await s.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: auth(other.token),
      payload: { event_id: eventId, client_key: 'late-other-1', method: 'card', lines: [line(typeId)], expected_total: 1250.5 },
    });
    expect(otherOrder.json().status_code).toBe(200);
    double.pay(session.id);
    const late = await webhook('checkout.session.completed', session);
    expect(late.body.outcome).toBe('refunded_unfulfilled');
    expect(double.calls.some((c) => c.path === '/v1/refunds' && c.form.payment_intent === session.payment_intent)).toBe(true);
    expect((await orderDoc(buyer, order.code))?.order.state).toBe('refunded');
    await waitFor('the refund mail', () => mailsTo(dataDir, buyer.email).find((m) => m.subject.includes(order.code)) ?? null);
  });

  it('is not offered by a server without a provider', async () => {
    const plain = await startTestServer({ dataDir: ownDataDir('ticket-cards-off') });
    try {
      const k = salesKit(() => plain.app);
      const owner = await k.person();
      const eventId = await k.newEvent(owner);
      await k.setSettings(owner, eventId, { card_enabled: true });
      const typeId = await k.addType(owner, eventId, { name: 'Pass', price: 10 });
      const offer = await plain.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types` });
      expect(offer.json().data.methods).toEqual(['transfer']);
      const buyer = await k.person();
      expect((await k.buy(buyer, { event_id: eventId, lines: [k.line(typeId)], expected_total: 10, method: 'card' })).error).toBe('payment_method_unavailable');
      const hook = await plain.app.inject({ method: 'POST', url: '/payments/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(hook.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

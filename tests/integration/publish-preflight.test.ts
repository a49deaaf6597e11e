import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { auth, salesKit, type Person } from './sales-helpers.ts';

/**
 * A paid ticket nobody can pay for (issue 27): publishing refuses while paid types have no working
 * way to pay (the test server has no card provider), a paid event without types may still be
 * announced, and the checkout's offer leaves out paid types once no method works.
 */

let s: TestServer;
const dataDir = ownDataDir('publish-preflight');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());
const { person, send, eventFields, setSettings, addType, buy, line } = salesKit(() => s.app);

/** A draft: salesKit's newEvent publishes at once, and publishing is what these tests try. */
async function draft(owner: Person, isFree = false): Promise<number> {
  const r = await send(owner, 'event.create', { fields: eventFields({ name: 'Quay Forum', is_free: isFree }) });
  expect(r.status).toBe('applied');
  return Number(r.ids![0]);
}

const publish = (owner: Person, eventId: number) => send(owner, 'event.status', { event_id: eventId, status: 'published' });

describe('publishing', () => {
  it('refuses while paid types cannot be paid for: card switched on without a provider, transfer off', async () => {
    const owner = await person();
    const eventId = await draft(owner);
    await setSettings(owner, eventId, { transfer_enabled: false, card_enabled: true });
    await addType(owner, eventId, { name: 'Full pass', price: 900 });
    expect(await publish(owner, eventId)).toMatchObject({ status: 'rejected', code: 'publish_blocked' });

    await setSettings(owner, eventId, { transfer_enabled: true, card_enabled: false });
    expect(await publish(owner, eventId)).toMatchObject({ status: 'applied' });
  });

  it('lets a paid event without ticket types be announced, and a free event with free types', async () => {
    const owner = await person();
    expect(await publish(owner, await draft(owner))).toMatchObject({ status: 'applied' });
    const free = await draft(owner, true);
    await setSettings(owner, free, { transfer_enabled: false });
    await addType(owner, free, { name: 'Guest', price: 0 });
    expect(await publish(owner, free)).toMatchObject({ status: 'applied' });
  });
});

describe('the checkout offer', () => {
  it('leaves out paid types while no way to pay works, and keeps the free ones', async () => {
    const owner = await person();
    const eventId = await draft(owner);
    await setSettings(owner, eventId, { transfer_enabled: true });
    const paid = await addType(owner, eventId, { name: 'Full pass', price: 900 });
    const guest = await addType(owner, eventId, { name: 'Guest list', price: 0 });
    expect(await publish(owner, eventId)).toMatchObject({ status: 'applied' });
    const offer = async () => {
      const res = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types?lang=en` });
      return res.json().data as { methods: string[]; types: { id: number }[] };
    };
    expect((await offer()).types.map((t) => t.id).sort()).toEqual([paid, guest].sort());

    // The organiser switches transfer off, and the card is on but this server takes no cards.
    await setSettings(owner, eventId, { transfer_enabled: false, card_enabled: true });
    expect(await offer()).toMatchObject({ methods: [], types: [{ id: guest }] });
    const buyer = await person();
    const free = await buy(buyer, { event_id: eventId, lines: [line(guest)], expected_total: 0 });
    expect(free).toMatchObject({ status_code: 200, data: { order: { state: 'paid' } } });
    const refused = await s.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: auth(buyer.token),
      payload: { event_id: eventId, lines: [line(paid)], method: 'card', expected_total: 900, client_key: 'ck-refused-1' },
    });
    expect(refused.json()).toMatchObject({ error: 'payment_method_unavailable' });
  });
});

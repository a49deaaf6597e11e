import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerFreedPlaces } from '../../server/domain/orders/waitlist-offers.ts';
import { mailsTo, waitForMail } from '../fixtures/mail.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { statesOf, takenOf, waitlistKit } from './waitlist-helpers.ts';

/**
 * The waitlist of sold-out ticket types (issue 30) on the database the suite runs on (PGlite by
 * default, PostgreSQL with FOYER_TEST_DB=postgres): joining and leaving the line, an offer when a
 * place frees up (by mail and on the person's devices), the offer's place kept from everybody else,
 * buying through it, expiry passing it on, the organiser's list, offer by hand and removal, and
 * refusals of bad input. The race of many offers at once is in waitlist-race.test.ts.
 */

let s: TestServer;
const dataDir = ownDataDir('waitlist');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

const k = waitlistKit(() => s.app);
const HOUR = 3600_000;

/** Runs the reconciliation the sweep runs, as of `now`. */
const settle = (now = new Date()) => s.app.writer.run(async (trx) => (await offerFreedPlaces(trx, null, now)).effect);

describe('the waitlist', () => {
  it('is joined once per person and type, shows the place in line, and can be left', async () => {
    const { eventId, typeId } = await k.soldOut();
    const [b, c] = [await k.person(), await k.person()];
    expect(await k.join(b, eventId, typeId)).toMatchObject({ status: 'applied' });
    expect(await k.join(c, eventId, typeId)).toMatchObject({ status: 'applied' });
    // Joining again (a second device, a replay under a new id) keeps the one place.
    expect(await k.join(b, eventId, typeId)).toMatchObject({ status: 'applied' });
    expect(await statesOf(s.app.db, typeId)).toEqual({ waiting: 2 });
    expect((await k.entryDoc(b, typeId))?.waitlist).toMatchObject({ state: 'waiting', place: 1, offer_key: '' });
    expect((await k.entryDoc(c, typeId))?.waitlist).toMatchObject({ state: 'waiting', place: 2 });
    expect(await k.entryDoc(c, typeId)).toMatchObject({ kind: 'waitlist', type: 'Standard', event_id: eventId });

    expect(await k.send(b, 'waitlist.leave', { event_id: eventId, type_id: typeId })).toMatchObject({ status: 'applied' });
    expect((await k.entryDoc(b, typeId))?.waitlist.state).toBe('left');
    expect((await k.entryDoc(c, typeId))?.waitlist).toMatchObject({ state: 'waiting', place: 1 });
    // Leaving what one is not in changes nothing.
    expect(await k.send(b, 'waitlist.leave', { event_id: eventId, type_id: typeId })).toMatchObject({ status: 'applied' });
    expect(await k.join(b, eventId, typeId)).toMatchObject({ status: 'applied' });
    expect((await k.entryDoc(b, typeId))?.waitlist).toMatchObject({ state: 'waiting', place: 2 });
  });

  it('refuses bad input with a code and changes nothing', async () => {
    const { owner, eventId, typeId } = await k.soldOut();
    const open = await k.addType(owner, eventId, { name: 'Open', price: 100, quota: 5 });
    const hidden = await k.addType(owner, eventId, { name: 'Crew', price: 0, quota: 0 + 1, hidden: true });
    const other = await k.soldOut();
    const b = await k.person();
    expect(await k.join(b, eventId, open)).toMatchObject({ status: 'rejected', code: 'waitlist_not_sold_out' });
    expect(await k.join(b, eventId, hidden)).toMatchObject({ status: 'rejected', code: 'ticket_type_not_found' });
    expect(await k.join(b, eventId, other.typeId)).toMatchObject({ status: 'rejected', code: 'ticket_type_not_found' });
    expect(await k.join(b, 999_999, typeId)).toMatchObject({ status: 'rejected', code: 'event_not_found' });
    for (const payload of [
      { event_id: eventId },
      { event_id: eventId, type_id: 'x' },
      { event_id: eventId, type_id: -1 },
      { event_id: eventId, type_id: 2 ** 40 },
    ]) {
      expect(await k.send(b, 'waitlist.join', payload)).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    }
    for (const hours of [0, 721, -5]) {
      expect(await k.send(owner, 'waitlist.settings', { event_id: eventId, offer_hours: hours })).toMatchObject({
        status: 'rejected',
        code: 'waitlist_offer_hours',
      });
    }
    expect(await k.send(b, 'waitlist.settings', { event_id: eventId, offer_hours: 2 })).toMatchObject({ status: 'rejected', code: 'organiser_required' });
    expect(await k.send(b, 'waitlist.offer', { event_id: eventId, entry_id: 1 })).toMatchObject({ status: 'rejected', code: 'organiser_required' });
    expect(await k.send(owner, 'waitlist.remove', { event_id: eventId, entry_id: 999_999 })).toMatchObject({
      status: 'rejected',
      code: 'waitlist_entry_not_found',
    });
    expect(await statesOf(s.app.db, typeId)).toEqual({});
    // The checkout's offer key: malformed, unknown or huge keys are a refusal on its field, never a 500.
    for (const offer of ['', 'nope', 'f'.repeat(64), 'x'.repeat(128)]) {
      expect(await k.buyOffer(b, eventId, typeId, offer, 'en'), offer).toMatchObject({ error: 'waitlist_offer_invalid', detail: 'offer' });
    }
    expect((await k.waitlistOf(b, eventId)).error).toBe('organiser_required');
  });

  it('offers a freed place to the next in line, by mail and on the device, and keeps it from everybody else', async () => {
    const { eventId, typeId, holders } = await k.soldOut();
    const [b, c, stranger] = [await k.person(), await k.person(), await k.person()];
    await k.join(b, eventId, typeId);
    await k.join(c, eventId, typeId);
    expect((await k.cancel(holders[0]!.who, holders[0]!.code)).data.state).toBe('cancelled');

    const offered = (await k.entryDoc(b, typeId))!.waitlist;
    expect(offered).toMatchObject({ state: 'offered', place: 0 });
    expect(offered.offer_key).toMatch(/^[0-9a-f]{64}$/);
    expect(offered.offer_expires * 1000).toBeGreaterThan(Date.now() + 23 * HOUR);
    expect((await k.entryDoc(c, typeId))?.waitlist).toMatchObject({ state: 'waiting', place: 1 });
    expect(await takenOf(s.app.db, typeId)).toEqual({ quota: 1, taken: 1 });
    const mail = await waitForMail(dataDir, b.email);
    expect(mail.subject).toContain('Harbour Summit');
    expect(mail.text).toContain(`/checkout?offer=${offered.offer_key}`);

    // Nobody else gets the held place, with or without the key.
    expect(await k.buy(stranger, { event_id: eventId, method: 'transfer', lines: [k.line(typeId)], expected_total: 100 })).toMatchObject({ error: 'sold_out' });
    expect(await k.buyOffer(stranger, eventId, typeId, offered.offer_key, 'en')).toMatchObject({ error: 'waitlist_offer_invalid', detail: 'offer' });
    expect(await k.buyOffer(c, eventId, typeId, offered.offer_key)).toMatchObject({ error: 'waitlist_offer_invalid' });
    // The offer's holder sees the type on sale through the key, one place.
    const seen = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types?offer=${offered.offer_key}` });
    expect(seen.json().data.types[0]).toMatchObject({ id: typeId, state: 'on_sale', left: 1 });
    expect(seen.json().data.offer).toMatchObject({ state: 'valid', type_id: typeId });

    const bought = await k.buyOffer(b, eventId, typeId, offered.offer_key);
    expect(bought.data.order).toMatchObject({ state: 'pending' });
    expect((await k.entryDoc(b, typeId))?.waitlist).toMatchObject({ state: 'bought', offer_key: '' });
    expect(await takenOf(s.app.db, typeId)).toEqual({ quota: 1, taken: 1 });
    // Buyable once: the key is spent.
    expect(await k.buyOffer(b, eventId, typeId, offered.offer_key)).toMatchObject({ error: 'waitlist_offer_invalid' });
    expect(mailsTo(dataDir, c.email)).toHaveLength(0);
  });

  it('passes an unused offer on to the next in line when its time is up', async () => {
    const { owner, eventId, typeId, holders } = await k.soldOut();
    expect(await k.send(owner, 'waitlist.settings', { event_id: eventId, offer_hours: 2 })).toMatchObject({ status: 'applied' });
    const [b, c] = [await k.person(), await k.person()];
    await k.join(b, eventId, typeId);
    await k.join(c, eventId, typeId);
    await k.cancel(holders[0]!.who, holders[0]!.code);
    const first = (await k.entryDoc(b, typeId))!.waitlist;
    expect(first.offer_expires * 1000).toBeLessThan(Date.now() + 2 * HOUR + 60_000);
    await settle(); // nothing is due yet
    expect((await k.entryDoc(b, typeId))?.waitlist.state).toBe('offered');

    await settle(new Date(Date.now() + 2 * HOUR + 1000));
    expect((await k.entryDoc(b, typeId))?.waitlist).toMatchObject({ state: 'expired', offer_key: '' });
    expect((await k.entryDoc(c, typeId))?.waitlist.state).toBe('offered');
    expect(await takenOf(s.app.db, typeId)).toEqual({ quota: 1, taken: 1 });
    expect(await k.buyOffer(b, eventId, typeId, first.offer_key)).toMatchObject({ error: 'waitlist_offer_invalid' });
    await waitForMail(dataDir, c.email);
  });

  it('offers the places the organiser adds, and the organiser sees the line, offers by hand and removes', async () => {
    const { owner, eventId, typeId } = await k.soldOut(2);
    const people = [await k.person(), await k.person(), await k.person(), await k.person()];
    for (const p of people) await k.join(p, eventId, typeId);
    // The quota raised by one: the first in line gets it.
    const fields = { ...k.typeFields({ name: 'Standard', price: 100, quota: 3 }) };
    expect(await k.send(owner, 'ticket_type.save', { event_id: eventId, type_id: typeId, fields })).toMatchObject({ status: 'applied' });
    expect((await k.entryDoc(people[0]!, typeId))?.waitlist.state).toBe('offered');
    expect((await k.entryDoc(people[1]!, typeId))?.waitlist).toMatchObject({ state: 'waiting', place: 1 });

    const view = (await k.waitlistOf(owner, eventId)).data;
    expect(view.offer_hours).toBe(24);
    expect(view.entries.map((e) => [e.state, e.place])).toEqual([
      ['offered', 0],
      ['waiting', 1],
      ['waiting', 2],
      ['waiting', 3],
    ]);
    const [, second, third, fourth] = view.entries;
    // By hand, to the third: no place is free, so one more is made for them.
    expect(await k.send(owner, 'waitlist.offer', { event_id: eventId, entry_id: third!.id })).toMatchObject({ status: 'applied' });
    expect((await k.entryDoc(people[2]!, typeId))?.waitlist.state).toBe('offered');
    expect(await takenOf(s.app.db, typeId)).toEqual({ quota: 4, taken: 4 });
    expect(await k.send(owner, 'waitlist.offer', { event_id: eventId, entry_id: third!.id })).toMatchObject({ status: 'applied' });
    expect(await takenOf(s.app.db, typeId)).toEqual({ quota: 4, taken: 4 });
    await waitForMail(dataDir, people[2]!.email);

    expect(await k.send(owner, 'waitlist.remove', { event_id: eventId, entry_id: fourth!.id })).toMatchObject({ status: 'applied' });
    expect((await k.entryDoc(people[3]!, typeId))?.waitlist.state).toBe('removed');
    // Removing an offered entry gives its place to the next in line.
    expect(await k.send(owner, 'waitlist.remove', { event_id: eventId, entry_id: third!.id })).toMatchObject({ status: 'applied' });
    expect((await k.entryDoc(people[1]!, typeId))?.waitlist.state).toBe('offered');
    expect(await k.send(owner, 'waitlist.offer', { event_id: eventId, entry_id: fourth!.id })).toMatchObject({
      status: 'rejected',
      code: 'waitlist_entry_state',
    });
    expect((await k.waitlistOf(owner, eventId)).data.entries.map((e) => e.state)).toEqual(['offered', 'offered', 'removed', 'removed']);
    expect(second!.name.length).toBeGreaterThan(0);
  });

  it('offers the places of a shared quota that is raised, in the order people joined across its types', async () => {
    const owner = await k.person();
    const eventId = await k.newEvent(owner);
    await k.setSettings(owner, eventId);
    const early = await k.addType(owner, eventId, { name: 'Early', price: 100 });
    const regular = await k.addType(owner, eventId, { name: 'Regular', price: 100 });
    const quota = { name: 'Hall', size: 1, type_ids: [early, regular] };
    expect(await k.send(owner, 'ticket_quota.save', { event_id: eventId, fields: quota })).toMatchObject({ status: 'applied' });
    await k.buy(await k.person(), { event_id: eventId, method: 'transfer', lines: [k.line(early)], expected_total: 100 });
    const [b, c, d] = [await k.person(), await k.person(), await k.person()];
    for (const [who, typeId] of [
      [b, regular],
      [c, early],
      [d, regular],
    ] as const) {
      expect(await k.join(who, eventId, typeId)).toMatchObject({ status: 'applied' });
    }
    const events = (await k.pull(owner, 'events')).find((x) => x.event_id === eventId)!;
    const quotaId = events.admin.sales.quotas[0]!.id;
    expect(await k.send(owner, 'ticket_quota.save', { event_id: eventId, quota_id: quotaId, fields: { ...quota, size: 3 } })).toMatchObject({
      status: 'applied',
    });
    expect((await k.entryDoc(b, regular))?.waitlist.state).toBe('offered');
    expect((await k.entryDoc(c, early))?.waitlist.state).toBe('offered');
    expect((await k.entryDoc(d, regular))?.waitlist).toMatchObject({ state: 'waiting', place: 1 });
  });
});

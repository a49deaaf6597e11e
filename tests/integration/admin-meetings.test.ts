import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../../contract/appointments.ts';
import { createTicket } from '../fixtures/factories.ts';
import { mailsTo } from '../fixtures/mail.ts';
import { waitFor } from '../fixtures/wait.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { adminKit, eventFields, type Person } from './admin-helpers.ts';

/**
 * The organisers' meeting settings through the command path (server/domain/admin/meetings.ts):
 * hours, slot length, tables and places with their tables, visitor categories; the event document
 * and the specs' get-meeting-data showing them at once; booked meetings never dropped silently
 * (refused, kept or cancelled with both people told, in the app and by email).
 */

let s: TestServer;
const dataDir = ownDataDir('admin-meetings');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());
const { person, send, pull, newEvent, legacy } = adminKit(() => s);

const base = eventFields();
const day = localDateOf(base.starts_at, 'Europe/Kyiv');
/** The meeting grid of get-meeting-data, as far as these tests read it. */
type MeetingData = { meetingAllowTimes: { times: { start: number }[] } };

const settings = (over: Record<string, unknown> = {}) => ({
  slot_minutes: 30,
  tables: 2,
  windows: [{ day, from: '11:00', to: '13:00' }],
  places: [
    { label: 'Hall A', tables: 3 },
    { label: 'Lounge', tables: 0 },
  ],
  ...over,
});

async function setup() {
  const owner = await person();
  const eventId = await newEvent(owner, { starts_at: base.starts_at, ends_at: base.ends_at }, true);
  const [a, b, c, d] = await Promise.all([person(), person(), person(), person()]);
  for (const p of [a!, b!, c!, d!]) await createTicket(s.app.db, eventId, p.id);
  return { owner, eventId, a: a!, b: b!, c: c!, d: d! };
}

const eventDoc = async (who: Person, eventId: number) => (await pull(who, 'events')).documents.find((x) => x.event_id === eventId)!;

async function book(from: Person, to: Person, eventId: number, start: number) {
  return send(from, 'appointment.request', { event_id: eventId, user_id: to.id, date: day, time_start: start, comment: 'Hi' });
}

describe('meeting settings', () => {
  it('reach the event document and get-meeting-data at once, tables numbered across the area and the places', async () => {
    const { owner, eventId, a, b, c, d } = await setup();
    expect(await send(owner, 'meetings.settings.set', { event_id: eventId, settings: settings(), outside: 'refuse' })).toMatchObject({ status: 'applied' });
    const doc = await eventDoc(a, eventId);
    expect(doc.meeting).toEqual({
      slot_minutes: 30,
      tables_count: 5,
      places: [
        { id: 1, label: 'Hall A', tables: 3 },
        { id: 2, label: 'Lounge', tables: 0 },
      ],
      allowed_times: [{ day, from: '11:00', to: '13:00' }],
    });
    const data = await legacy<MeetingData>(a, `/api/meetings/get-meeting-data?event_id=${eventId}&user_id=${b.id}&date=${day}`);
    expect(data.status_code).toBe(200);
    expect(data.data).toMatchObject({ dates: [day], placeItems: { 2: 'Lounge' }, slot_minutes: 30, tables_count: 5 });
    const slots = data.data.meetingAllowTimes.times;
    expect(slots).toHaveLength(4);
    // The first slot's tables fill the area's two, then Hall A's three.
    const first = slots[0]!.start;
    expect(await book(a, b, eventId, first)).toMatchObject({ status: 'applied' });
    expect(await book(c, d, eventId, first)).toMatchObject({ status: 'applied' });
    const e = await person();
    const f = await person();
    for (const p of [e, f]) await createTicket(s.app.db, eventId, p.id);
    expect(await book(e, f, eventId, first)).toMatchObject({ status: 'applied' });
    const mine = (await pull(e, 'appointments')).documents.find((x) => x.event_id === eventId)!;
    expect(mine).toMatchObject({ table_num: 3, where: 'Table 3, Hall A' });
  });

  it('refuses bad settings with invalid_input and changes nothing', async () => {
    const { owner, eventId, a } = await setup();
    const bad: ReturnType<typeof settings>[] = [
      settings({ slot_minutes: 7 }),
      settings({ windows: [{ day: '2031-02-30', from: '10:00', to: '11:00' }] }),
      settings({ windows: [{ day: localDateOf(base.starts_at + 3 * 86_400, 'Europe/Kyiv'), from: '10:00', to: '11:00' }] }),
      settings({ windows: [{ day, from: '12:00', to: '11:00' }] }),
      settings({
        windows: [
          { day, from: '10:00', to: '12:00' },
          { day, from: '11:00', to: '13:00' },
        ],
      }),
      settings({
        places: [
          { label: 'Hall', tables: 1 },
          { label: 'hall ', tables: 0 },
        ],
      }),
      settings({ places: [{ label: '  ', tables: 0 }] }),
      settings({ places: [{ id: 77, label: 'Made up', tables: 0 }] }),
    ];
    for (const x of bad)
      expect(await send(owner, 'meetings.settings.set', { event_id: eventId, settings: x, outside: 'refuse' }), JSON.stringify(x)).toMatchObject({
        status: 'rejected',
        code: 'invalid_input',
      });
    expect((await eventDoc(a, eventId)).meeting.slot_minutes).toBe(15);
  });

  it('never drops a booked meeting silently: refuses, keeps, or cancels it telling both people', async () => {
    const { owner, eventId, a, b, c, d } = await setup();
    await send(owner, 'meetings.settings.set', { event_id: eventId, settings: settings(), outside: 'refuse' });
    const data = await legacy<MeetingData>(a, `/api/meetings/get-meeting-data?event_id=${eventId}&user_id=${b.id}&date=${day}`);
    const slots = data.data.meetingAllowTimes.times;
    expect(await book(a, b, eventId, slots[3]!.start)).toMatchObject({ status: 'applied' });
    expect(await book(c, d, eventId, slots[0]!.start)).toMatchObject({ status: 'applied' });
    const meetings = await legacy<{ items: { from: { id: number }; to: { id: number } }[] }>(owner, `/api/admin/events/${eventId}/meetings`);
    expect(meetings.data.items.map((m) => [m.from.id, m.to.id])).toEqual([
      [c.id, d.id],
      [a.id, b.id],
    ]);
    expect(await legacy(a, `/api/admin/events/${eventId}/meetings`)).toMatchObject({ error: 'organiser_required' });

    const shorter = settings({ windows: [{ day, from: '11:00', to: '12:00' }] });
    expect(await send(owner, 'meetings.settings.set', { event_id: eventId, settings: shorter, outside: 'refuse' })).toMatchObject({
      status: 'rejected',
      code: 'meetings_outside',
    });
    expect((await eventDoc(a, eventId)).meeting.allowed_times).toEqual([{ day, from: '11:00', to: '13:00' }]);

    expect(await send(owner, 'meetings.settings.set', { event_id: eventId, settings: shorter, outside: 'keep' })).toMatchObject({ status: 'applied' });
    expect((await pull(a, 'appointments')).documents.find((x) => x.event_id === eventId)).toMatchObject({ state: 'pending' });

    // Hall A goes, with its tables: the meeting at table 1 stays (an area table), none stands there.
    const smaller = settings({ windows: [{ day, from: '11:00', to: '11:30' }], places: [{ id: 2, label: 'Lounge', tables: 0 }] });
    // Anna reads Foyer in Polish; the other has chosen no language and gets the product's default.
    await s.app.db.updateTable('users').set({ locale: 'pl' }).where('id', '=', a.id).execute();
    const rr = await send(owner, 'meetings.settings.set', { event_id: eventId, settings: smaller, outside: 'cancel' }, undefined, 'en');
    expect(rr, JSON.stringify(rr)).toMatchObject({ status: 'applied' });
    for (const who of [a, b]) {
      expect((await pull(who, 'appointments')).documents.find((x) => x.event_id === eventId)).toMatchObject({ state: 'canceled', canceled_by: owner.id });
    }
    expect((await pull(c, 'appointments')).documents.find((x) => x.event_id === eventId)).toMatchObject({ state: 'pending' });
    const row = await s.app.db.selectFrom('appointments').select(['canceled_by', 'response_msg']).where('from_user_id', '=', a.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ canceled_by: owner.id, response_msg: expect.stringMatching(/organisers/) });
    // Both people are written to, each in their own language, and nobody else: the ones of the kept
    // meeting have had only its request (the other person's notice email), no cancellation.
    const cancellation = /^(Spotkanie odwołane|Зустріч скасовано|Meeting cancelled): /;
    const cancellationTo = (email: string) =>
      waitFor(`the cancellation mail to ${email}`, () => mailsTo(dataDir, email).find((m) => cancellation.test(m.subject)) ?? null);
    expect((await cancellationTo(a.email)).subject).toMatch(/^Spotkanie odwołane: /);
    expect((await cancellationTo(b.email)).subject).toMatch(/^Зустріч скасовано: /);
    for (const who of [c, d]) expect(mailsTo(dataDir, who.email).filter((m) => cancellation.test(m.subject))).toEqual([]);
  });
});

describe('visitor categories', () => {
  it('keep their ids through a rename (devices name them from the event document), and are taken from the visitors of a removed one', async () => {
    const { owner, eventId, a, b } = await setup();
    expect(await send(owner, 'meetings.categories.set', { event_id: eventId, categories: [{ name: 'Investor' }, { name: 'Founder' }] })).toMatchObject({
      status: 'applied',
    });
    expect((await eventDoc(a, eventId)).options.menu).toEqual([
      { id: 1, name: 'Investor' },
      { id: 2, name: 'Founder' },
    ]);
    expect(await send(a, 'visitor.category', { event_id: eventId, menu_id: 2 })).toMatchObject({ status: 'applied' });
    const visitorOf = async () => (await pull(b, 'visitors', eventId)).documents.find((x) => x.user_id === a.id)!;
    expect(await visitorOf()).toMatchObject({ menu_id: 2 });

    expect(await send(owner, 'meetings.categories.set', { event_id: eventId, categories: [{ id: 2, name: 'Founders' }, { name: 'Press' }] })).toMatchObject({
      status: 'applied',
    });
    expect((await eventDoc(a, eventId)).options.menu).toEqual([
      { id: 2, name: 'Founders' },
      { id: 3, name: 'Press' },
    ]);
    expect(await visitorOf()).toMatchObject({ menu_id: 2 });

    expect(await send(owner, 'meetings.categories.set', { event_id: eventId, categories: [{ id: 3, name: 'Press' }] })).toMatchObject({ status: 'applied' });
    expect(await visitorOf()).toMatchObject({ menu_id: 0 });
    expect(await send(owner, 'meetings.categories.set', { event_id: eventId, categories: [{ name: 'Dup' }, { name: 'dup' }] })).toMatchObject({
      status: 'rejected',
      code: 'invalid_input',
    });
  });
});

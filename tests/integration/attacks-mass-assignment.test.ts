import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { COMMAND_KINDS, COMMAND_PAYLOADS, type CommandKind } from '../../contract/commands.ts';
import { ProfilePatch } from '../../contract/visitors.ts';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createTicket } from '../fixtures/factories.ts';
import { approvedMeeting } from './chat-helpers.ts';
import { addDays, localDateOf } from '../../contract/appointments.ts';
import { call, commands, liveEvent, person, type Person } from './attacks-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { blankTicketType } from '../../contract/sales.ts';
import { blankPromoCode } from '../../contract/promo.ts';
import { FULL_EVENT_FIELDS } from '../fixtures/event-fields.ts';

/**
 * Fields that are not the user's to set: role, moderation, ownership, ticket status, whose record
 * it is, ids, revs and counters. A profile save naming one is refused whole (invalid_input), a
 * command carrying one is rejected with invalid_input, and a legacy form that carries one has it
 * ignored; in every case nothing changes but what the user may change.
 */

let s: TestServer & { url: string };
let eventId: number;
let me: Person, other: Person;
let meetingId: number;
let commentId: number;
let ticketCode: string;
const D = addDays(localDateOf(Math.floor(Date.now() / 1000), 'Europe/Kyiv'), 2);

const FORBIDDEN_FIELDS: Record<string, unknown> = {
  role: 'organizer',
  is_moderator: true,
  userIsModerator: true,
  is_owner: true,
  isManager: true,
  owner_id: 1,
  user_id: 1,
  from_user_id: 1,
  sender_id: 1,
  id: 99,
  rev: 1,
  deleted: false,
  disabled: false,
  status: 'valid',
  invalid: false,
  email: 'owner@demo.test',
  password: 'x',
  password_hash: 'x',
  likes: 1000,
  favorites_count: 1000,
  total_people: 1000,
  created_at: '2000-01-01',
};

beforeAll(async () => {
  s = await startTestServer();
  eventId = await liveEvent(s.app.db);
  await s.app.db
    .insertInto('meeting_settings')
    .values({
      event_id: eventId,
      slot_minutes: 15,
      tables_count: 2,
      places: JSON.stringify({}),
      allowed_times: JSON.stringify([{ day: D, from: '10:00', to: '12:00' }]),
    })
    .execute();
  me = await person(s.app.db, eventId);
  other = await person(s.app.db, eventId);
  meetingId = (await approvedMeeting(s.app.db, eventId, other.id, me.id, null)).id;
  const added = await commands(s.app, other, [{ kind: 'comment.add', payload: { event_id: eventId, comment: 'theirs' } }]);
  commentId = Number(added.results[0]!.ids![0]);
  ticketCode = (await createTicket(s.app.db, eventId, other.id)).code;
});
afterAll(async () => s?.close());

async function snapshot() {
  const rows = async (q: ReturnType<typeof sql>) => JSON.stringify((await q.execute(s.app.db)).rows);
  return {
    users: await rows(sql`SELECT * FROM users ORDER BY 1, 2`),
    userEvents: await rows(sql`SELECT * FROM user_events ORDER BY 1, 2`),
    events: await rows(sql`SELECT id, rev, favorites_count, users_online FROM events ORDER BY 1, 2`),
    meetings: await rows(sql`SELECT * FROM appointments ORDER BY 1, 2`),
    comments: await rows(sql`SELECT * FROM chat_comments ORDER BY 1, 2`),
    likes: await rows(sql`SELECT * FROM comment_likes ORDER BY 1, 2`),
    messages: await rows(sql`SELECT * FROM messages ORDER BY 1, 2`),
    tickets: await rows(sql`SELECT * FROM tickets ORDER BY 1, 2`),
    blocks: await rows(sql`SELECT * FROM chat_blocks ORDER BY 1, 2`),
    relations: await rows(sql`SELECT * FROM user_relations ORDER BY 1, 2`),
    scans: await rows(sql`SELECT * FROM checkins ORDER BY 1, 2`),
  };
}

/** `status` is the profile's "About me" text, so it is the user's to set there. */
const NOT_PROFILE = Object.entries(FORBIDDEN_FIELDS).filter(([k]) => !Object.hasOwn(ProfilePatch.properties, k));

describe('profile saves', () => {
  it('refuses a legacy save that names a field the user may not set, whole, and changes nothing', async () => {
    expect(NOT_PROFILE.length).toBeGreaterThan(15);
    const before = await snapshot();
    for (const [field, value] of NOT_PROFILE) {
      const r = await call(s.app, me, 'POST', '/api/profile/save', { position: 'Boss', [field]: value });
      expect(r.body, field).toMatchObject({ status_code: 400, error: 'invalid_input' });
    }
    expect(await snapshot()).toEqual(before);
    // Nested too: a social link object carrying an owner flag.
    const nested = await call(s.app, me, 'POST', '/api/profile/save', { social: { facebook: 'x', is_owner: true } });
    expect(nested.body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    // And as a form, as old clients post it.
    const form = await s.app.inject({
      method: 'POST',
      url: '/api/profile/save',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'position=Boss&is_moderator=1',
    });
    expect(form.json()).toMatchObject({ status_code: 400, error: 'invalid_input' });
    // The same save without the extra field works: the refusal was about the field.
    const fine = await call<Envelope<{ position: string }>>(s.app, me, 'POST', '/api/profile/save', { position: 'Boss' });
    expect(fine.body?.status_code).toBe(200);
    expect(fine.body?.data.position).toBe('Boss');
  });

  it('rejects profile.update carrying such a field with invalid_input, and changes nothing', async () => {
    const before = await snapshot();
    const { results } = await commands(
      s.app,
      me,
      NOT_PROFILE.map(([field, value]) => ({ kind: 'profile.update', payload: { position: 'Chief', [field]: value } })),
    );
    for (const [i, r] of results.entries()) expect(r, NOT_PROFILE[i]![0]).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('commands', () => {
  /** A payload each kind would accept, so only the added field can be the reason for a rejection. */
  const base = (): Record<CommandKind, Record<string, unknown>> => ({
    'event.favorite': { event_id: eventId, favorite: true },
    'event.checkin': { event_id: eventId },
    'event.uncheckin': { event_id: eventId },
    'visitor.like': { user_id: other.id, status: 1 },
    'visitor.favorite': { user_id: other.id, favorite: true },
    'profile.update': { position: 'Lead' },
    'visitor.category': { event_id: eventId, menu_id: null },
    'appointment.request': { event_id: eventId, user_id: other.id, date: '2030-01-01', comment: '', any_time: true },
    'appointment.approve': { meeting_id: meetingId },
    'appointment.reject': { meeting_id: meetingId, reason: '' },
    'comment.add': { event_id: eventId, comment: 'mine' },
    'comment.like': { comment_id: commentId, like_type: 1 },
    'comment.unlike': { comment_id: commentId },
    'comment.remove': { comment_id: commentId },
    'chat.block': { event_id: eventId, user_id: other.id, reason: '' },
    'chat.unblock': { event_id: eventId, user_id: other.id },
    'message.send': { recipient_id: other.id, text: 'hello' },
    'dialog.read': { user_id: other.id },
    'dialog.update': { user_id: other.id, starred: true },
    'ticket.scan': { code: ticketCode, device_id: 'door-1', scanned_at: new Date().toISOString(), event_id: eventId, result: 'admitted' },
    'event.create': {
      fields: FULL_EVENT_FIELDS,
    },
    'event.update': { event_id: eventId, fields: { name: 'Renamed' } },
    'event.status': { event_id: eventId, status: 'published' },
    'event.delete': { event_id: eventId },
    'event.role': { event_id: eventId, who: { user_id: other.id }, role: 'moderator', granted: true },
    'event.poster': { event_id: eventId, poster: '' },
    'schedule.day.set': { event_id: eventId, date: '2031-05-01', title: 'Talks' },
    'schedule.day.remove': { event_id: eventId, date: '2031-05-01' },
    'schedule.track.set': { event_id: eventId, title: 'Main hall' },
    'schedule.track.remove': { event_id: eventId, track: { id: 1 } },
    'schedule.track.order': { event_id: eventId, tracks: [{ id: 1 }] },
    'schedule.speech.set': {
      event_id: eventId,
      fields: { track: { id: 1 }, title: 'Talk', description: '', starts_at: 1_900_000_000, ends_at: 1_900_001_800, presentation_url: '', speakers: [] },
    },
    'schedule.speech.remove': { event_id: eventId, speech: { id: 1 } },
    'meetings.settings.set': { event_id: eventId, settings: { slot_minutes: 15, tables: 0, windows: [], places: [] }, outside: 'refuse' },
    'meetings.categories.set': { event_id: eventId, categories: [] },
    'stand.set': { event_id: eventId, fields: { name: 'Stand', location: '', link: '', description: '', phone: '', email: '', logo: '', picture: '' } },
    'stand.remove': { event_id: eventId, stand: { id: 1 } },
    'stand.member.set': { event_id: eventId, stand: { id: 1 }, who: { user_id: other.id }, position: '', is_manager: false },
    'stand.member.remove': { event_id: eventId, stand: { id: 1 }, user_id: other.id },
    'people.invite.send': { event_id: eventId, email: 'friend@test.local', role: 'attendee' },
    'people.invite.remove': { event_id: eventId, email: 'friend@test.local' },
    'ticket_type.save': { event_id: eventId, fields: { ...blankTicketType(), name: 'Standard' } },
    'ticket_type.delete': { event_id: eventId, type_id: 1 },
    'ticket_type.new_link': { event_id: eventId, type_id: 1 },
    'ticket_quota.save': { event_id: eventId, fields: { name: 'Hall', size: 10, type_ids: [1] } },
    'ticket_quota.delete': { event_id: eventId, quota_id: 1 },
    'waitlist.join': { event_id: eventId, type_id: 1 },
    'waitlist.leave': { event_id: eventId, type_id: 1 },
    'waitlist.offer': { event_id: eventId, entry_id: 1 },
    'waitlist.remove': { event_id: eventId, entry_id: 1 },
    'waitlist.settings': { event_id: eventId, offer_hours: 24 },
    'ticket_sales.settings': {
      event_id: eventId,
      fields: { currency: 'UAH', transfer_enabled: false, transfer_instructions: '', transfer_hours: 72, card_enabled: false },
    },
    'promo_code.save': { event_id: eventId, fields: { ...blankPromoCode(), code: 'MASS' } },
    'ticket.transfer': { ticket_id: 1, email: 'mass@example.com', name: 'Mass' },
    'ticket.cancel': { ticket_id: 1 },
    'ticket.edit': { ticket_id: 1, name: 'Mass', company: '' },
    'notification.read': { ids: [1] },
    'speech.star': { event_id: eventId, speech_id: 1, starred: true },
    'calendar.feed': { token: null },
    'trip.save': { event_id: eventId, hotel: 'Hotel' },
    'referral.claim': { code: '0123456789ab', event_id: eventId },
    'contact.scan': { code: 'FYC1.AA.AA', event_id: eventId, context: 'meet' },
    'contact.note': { user_id: other.id, note: 'Met at the stand' },
    'contact.remove': { user_id: other.id },
    'lead.scan': { code: 'FYC1.AA.AA', company_id: 1 },
    'lead.update': { company_id: 1, user_id: other.id, note: 'Wants a demo', rating: 3 },
    'lead.remove': { company_id: 1, user_id: other.id },
    'lead.withdraw': { company_id: 1 },
    'checkin_list.save': { event_id: eventId, fields: { name: 'Hall', type_ids: [], day: '', reentry: false } },
    'checkin_list.delete': { event_id: eventId, list_id: 1 },
    'push.subscribe': { endpoint: 'https://push.example.test/sub/1', p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    'push.unsubscribe': { endpoint: 'https://push.example.test/sub/1' },
  });

  it('rejects every kind with invalid_input when it carries a field that is not its own, and changes nothing', async () => {
    const payloads = base();
    expect(Object.keys(payloads).sort()).toEqual([...COMMAND_KINDS].sort());
    const before = await snapshot();
    for (const kind of COMMAND_KINDS) {
      const own = Object.keys((COMMAND_PAYLOADS[kind] as TObject).properties);
      const extras = Object.entries(FORBIDDEN_FIELDS).filter(([k]) => !own.includes(k));
      expect(extras.length, kind).toBeGreaterThan(10);
      // Without the extra field the payload is well-formed, so the field is the reason for the rejection.
      expect(Value.Check(COMMAND_PAYLOADS[kind], payloads[kind]), kind).toBe(true);
      const { results } = await commands(
        s.app,
        me,
        extras.map(([k, v]) => ({ kind, payload: { ...payloads[kind], [k]: v } })),
      );
      expect(results.length, kind).toBe(extras.length);
      for (const [i, r] of results.entries()) expect(r, `${kind} + ${extras[i]![0]}`).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('ignores an actor smuggled into the envelope: the actor is always the session user', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: { authorization: `Bearer ${me.token}` },
      payload: {
        commands: [
          {
            id: 'cmd-envelope-1',
            kind: 'event.favorite',
            payload: { event_id: eventId, favorite: true },
            occurredAt: new Date().toISOString(),
            userId: other.id,
            user_id: other.id,
          },
        ],
        userId: other.id,
      },
    });
    expect([200, 400]).toContain(res.statusCode);
    const favorites = await s.app.db
      .selectFrom('user_events')
      .select(['user_id', 'is_favorite'])
      .where('event_id', '=', eventId)
      .where('is_favorite', '=', true)
      .execute();
    expect(favorites.map((f) => f.user_id)).not.toContain(other.id);
    const stored = await s.app.db.selectFrom('commands').select('user_id').where('id', '=', 'cmd-envelope-1').execute();
    expect(stored.map((r) => r.user_id)).not.toContain(other.id);
  });
});

describe('legacy forms', () => {
  it('ignores ownership, status and author fields on meetings, check-ins, comments, likes and messages', async () => {
    const third = await person(s.app.db, eventId);
    const made = await call(s.app, me, 'POST', '/api/meetings/create-meeting', {
      event_id: eventId,
      user_id: third.id,
      date: D,
      any_time: true,
      comment: 'hi',
      response: 1,
      from_user_id: other.id,
      to_user_id: third.id,
      status: 1,
      id: 424242,
    });
    // Created as the actor's own pending request: never accepted, never another author or id.
    expect(made.body?.status_code, made.raw).toBe(200);
    const row = await s.app.db
      .selectFrom('appointments')
      .selectAll()
      .where('from_user_id', '=', me.id)
      .where('to_user_id', '=', third.id)
      .executeTakeFirstOrThrow();
    expect(row.response).toBeNull();
    expect(row.id).not.toBe(424242);
    expect(
      await s.app.db.selectFrom('appointments').select('id').where('from_user_id', '=', other.id).where('to_user_id', '=', third.id).executeTakeFirst(),
    ).toBeUndefined();

    const checkin = await call(s.app, me, 'POST', '/api/events/checkin', { event_id: eventId, is_owner: true, is_moderator: true, role: 'organizer' });
    expect([200, 400]).toContain(checkin.body?.status_code);
    const mine = await s.app.db.selectFrom('user_events').selectAll().where('event_id', '=', eventId).where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect([mine.is_owner, mine.is_moderator, mine.role]).toEqual([false, false, 'visitor']);

    const comment = await call(s.app, me, 'POST', '/api/events/add-comment', { event_id: eventId, comment: 'as me', user_id: other.id, likes: 99 });
    expect(comment.body?.status_code, comment.raw).toBe(200);
    const posted = await s.app.db.selectFrom('chat_comments').selectAll().where('comment', '=', 'as me').executeTakeFirstOrThrow();
    expect(posted.user_id).toBe(me.id);
    expect(
      await s.app.db.selectFrom('chat_comments').select('id').where('comment', '=', 'as me').where('user_id', '=', other.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await s.app.db.selectFrom('comment_likes').select('user_id').where('comment_id', '=', commentId).execute()).toEqual([]);
  });
});

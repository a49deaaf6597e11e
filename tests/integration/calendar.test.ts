import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { command } from './chat-helpers.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';

/**
 * The calendar (issue 16): starring a speech (the speech.star command, carried in my_events) and the
 * personal .ics feed calendar apps poll: a secret address set and revoked by the calendar.feed
 * command, with stable UIDs, growing SEQUENCE, the event's zone, and cancelled entries kept.
 */

const s = serverPerFile();

async function person(eventId: number) {
  const u = await createUser(s.app.db);
  await s.app.db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true, checked_in_at: new Date() }).execute();
  return { id: u.id, token: await createSession(s.app.db, u.id) };
}

async function speechOf(eventId: number, title: string) {
  const e = await s.app.db.selectFrom('events').select(['starts_at']).where('id', '=', eventId).executeTakeFirstOrThrow();
  const track = await s.app.db.insertInto('tracks').values({ event_id: eventId, title: 'Main hall' }).returning('id').executeTakeFirstOrThrow();
  const start = new Date(e.starts_at.getTime() + 3600_000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(start);
  const row = await s.app.db
    .insertInto('speeches')
    .values({ event_id: eventId, track_id: track.id, day_date: day, title, starts_at: start, ends_at: new Date(start.getTime() + 1800_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function starred(token: string, eventId: number): Promise<number[] | undefined> {
  const res = await s.app.inject({ url: '/sync/v1/my_events/pull?checkpoint=0&limit=100', headers: { authorization: `Bearer ${token}` } });
  return (res.json().documents as { event_id: number; starred: number[] }[]).find((d) => d.event_id === eventId)?.starred;
}

const newToken = () => randomBytes(32).toString('base64url');

async function feed(token: string, headers: Record<string, string> = {}) {
  return s.app.inject({ url: `/calendar/feed.ics?token=${token}`, headers });
}

/** The VEVENT blocks of a feed by UID, lines unfolded. */
function entries(ics: string): Map<string, string> {
  const text = ics.replace(/\r\n[ \t]/g, '');
  const out = new Map<string, string>();
  for (const block of text.split('BEGIN:VEVENT').slice(1)) {
    const uid = /^UID:(.*)$/m.exec(block)?.[1]?.trim();
    if (uid) out.set(uid, block.split('END:VEVENT')[0]!);
  }
  return out;
}
const field = (block: string | undefined, name: string) => new RegExp(`^${name}[;:](.*)$`, 'm').exec(block ?? '')?.[1]?.trim();

describe('speech.star', () => {
  it('stars and unstars a speech; the my_events document carries it', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const me = await person(ev);
    const speech = await speechOf(ev, 'Keynote');
    expect(await command(s.app, me.token, 'speech.star', { event_id: ev, speech_id: speech, starred: true })).toMatchObject({ status: 'applied' });
    expect(await starred(me.token, ev)).toEqual([speech]);
    // Setting what is already set answers the same and changes nothing.
    expect(await command(s.app, me.token, 'speech.star', { event_id: ev, speech_id: speech, starred: true })).toMatchObject({ status: 'applied' });
    expect(await command(s.app, me.token, 'speech.star', { event_id: ev, speech_id: speech, starred: false })).toMatchObject({ status: 'applied' });
    expect(await starred(me.token, ev)).toEqual([]);
  });

  it("refuses another event's speech, an unknown one and a removed one, changing nothing", async () => {
    const ev = (await createEvent(s.app.db)).id;
    const other = (await createEvent(s.app.db)).id;
    const me = await person(ev);
    const elsewhere = await speechOf(other, 'Elsewhere');
    const removed = await speechOf(ev, 'Cancelled talk');
    await s.app.db.updateTable('speeches').set({ deleted: true }).where('id', '=', removed).execute();
    for (const speech_id of [elsewhere, removed, 999999]) {
      expect(await command(s.app, me.token, 'speech.star', { event_id: ev, speech_id, starred: true })).toMatchObject({
        status: 'rejected',
        code: 'not_found',
      });
    }
    expect(await command(s.app, me.token, 'speech.star', { event_id: ev, speech_id: removed, starred: 'yes' })).toMatchObject({
      status: 'rejected',
      code: 'invalid_input',
    });
    expect(await starred(me.token, ev)).toEqual([]);
  });
});

describe('the calendar feed', () => {
  it('lists meetings, events and starred speeches in their zone, and follows a move and a cancellation', async () => {
    const ev = (await createEvent(s.app.db, { starts_in_hours: -1, duration_hours: 24 * 5 })).id;
    const anna = await person(ev);
    const bohdan = await person(ev);
    await s.app.db.updateTable('users').set({ first_name: 'Bohdan', last_name: 'S' }).where('id', '=', bohdan.id).execute();
    // The feed is written in the language the person chose.
    await s.app.db.updateTable('users').set({ locale: 'en' }).where('id', '=', anna.id).execute();
    const speech = await speechOf(ev, 'Offline-first, for real');
    await command(s.app, anna.token, 'speech.star', { event_id: ev, speech_id: speech, starred: true });

    const date = addDays(localDateOf(Math.floor(Date.now() / 1000), 'Europe/Kyiv'), 2);
    await s.app.db
      .insertInto('meeting_settings')
      .values({ event_id: ev, tables_count: 2, places: '{}', allowed_times: JSON.stringify([{ day: date, from: '10:00', to: '12:00' }]) })
      .execute();
    const slot = zonedToUnix(date, '10:30', 'Europe/Kyiv');
    const asked = await command(s.app, bohdan.token, 'appointment.request', {
      event_id: ev,
      user_id: anna.id,
      date,
      comment: 'About the keynote',
      any_time: false,
      time_start: slot,
      time_end: slot + 900,
    });
    expect(asked, JSON.stringify(asked)).toMatchObject({ status: 'applied' });
    const meetingId = Number(asked.ids![0]);
    await command(s.app, anna.token, 'appointment.approve', { meeting_id: meetingId });

    const token = newToken();
    expect(await command(s.app, anna.token, 'calendar.feed', { token })).toMatchObject({ status: 'applied' });
    const status = (await s.app.inject({ url: '/api/calendar/feed', headers: { authorization: `Bearer ${anna.token}` } })).json().data;
    expect(status).toMatchObject({ active: true, polled_at: 0 });
    expect(status.key).toMatch(/^[0-9a-f]{16}$/);

    const first = await feed(token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/calendar/);
    expect(first.body).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Kyiv/);
    const list = entries(first.body);
    const host = new URL(s.app.config.publicUrl).host;
    const meeting = list.get(`meeting-${meetingId}@${host}`);
    expect(field(meeting, 'SUMMARY')).toBe('Meeting with Bohdan S');
    expect(field(meeting, 'STATUS')).toBe('CONFIRMED');
    expect(field(meeting, 'DTSTART')).toMatch(/^TZID=Europe\/Kyiv:\d{8}T\d{6}$/);
    expect(field(list.get(`event-${ev}@${host}`), 'STATUS')).toBe('CONFIRMED');
    expect(field(list.get(`speech-${speech}@${host}`), 'SUMMARY')).toBe('Offline-first\\, for real');
    // The fetch is noted for the page.
    await expect
      .poll(async () => (await s.app.inject({ url: '/api/calendar/feed', headers: { authorization: `Bearer ${anna.token}` } })).json().data.polled_at)
      .toBeGreaterThan(0);

    // An unchanged feed answers 304 to its ETag.
    expect((await feed(token, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    // Moved: same UID, a greater SEQUENCE, the new time.
    const moved = await command(s.app, bohdan.token, 'appointment.request', {
      event_id: ev,
      user_id: anna.id,
      date,
      comment: 'Later?',
      any_time: false,
      time_start: slot + 1800,
      time_end: slot + 2700,
      meeting_id: meetingId,
    });
    expect(moved.status).toBe('applied');
    const second = entries((await feed(token)).body).get(`meeting-${meetingId}@${host}`);
    expect(Number(field(second, 'SEQUENCE'))).toBeGreaterThan(Number(field(meeting, 'SEQUENCE')));
    expect(field(second, 'DTSTART')).not.toBe(field(meeting, 'DTSTART'));
    expect(field(second, 'STATUS')).toBe('TENTATIVE');

    // Cancelled: still there, marked so; the unstarred speech leaves.
    await command(s.app, anna.token, 'appointment.reject', { meeting_id: meetingId, reason: 'Sorry' });
    await command(s.app, anna.token, 'speech.star', { event_id: ev, speech_id: speech, starred: false });
    const third = entries((await feed(token)).body);
    expect(field(third.get(`meeting-${meetingId}@${host}`), 'STATUS')).toBe('CANCELLED');
    expect(third.has(`speech-${speech}@${host}`)).toBe(false);
  });

  it('answers 404 alike to an unknown, malformed, replaced or revoked address', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const me = await person(ev);
    const old = newToken();
    const fresh = newToken();
    await command(s.app, me.token, 'calendar.feed', { token: old });
    expect((await feed(old)).statusCode).toBe(200);
    await command(s.app, me.token, 'calendar.feed', { token: fresh });
    for (const t of [old, newToken(), 'short', `${fresh}x`, '']) expect((await feed(t)).statusCode, t).toBe(404);
    expect((await feed(fresh)).statusCode).toBe(200);
    await command(s.app, me.token, 'calendar.feed', { token: null });
    expect((await feed(fresh)).statusCode).toBe(404);
    expect((await s.app.inject({ url: '/api/calendar/feed', headers: { authorization: `Bearer ${me.token}` } })).json().data).toMatchObject({ active: false });
    for (const token of ['x'.repeat(43), 'A'.repeat(44), 42]) {
      expect(await command(s.app, me.token, 'calendar.feed', { token }), String(token)).toMatchObject({
        status: token === 'x'.repeat(43) ? 'applied' : 'rejected',
      });
    }
  });

  it('stops answering for a disabled account', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const me = await person(ev);
    const token = newToken();
    await command(s.app, me.token, 'calendar.feed', { token });
    await s.app.db.updateTable('users').set({ disabled: true }).where('id', '=', me.id).execute();
    expect((await feed(token)).statusCode).toBe(404);
  });
});

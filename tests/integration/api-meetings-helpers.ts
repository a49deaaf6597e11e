import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';

/**
 * The api-meetings-* files test the legacy appointment calls (networking.md §7–8) through inject: every transition with the
 * catalogue's codes, the availability call, my appointments, and the rule that only the two people
 * of a meeting can read it or act on it. Here is what they share: the server, the calls and the people.
 */

export let s: TestServer;
/** Starts what these files share before their first test and stops it after their last. */
export function serveMeetingsFiles(): void {
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());
}

/** A slot of the meeting grid as far as these tests read it. */
export interface Slot {
  start: number;
  end: number;
  status: number;
  exist_other_place: boolean;
}
/** A meeting, an event of the meetings list or a row of my meetings, as far as these tests read them. */
export interface Item {
  id: number;
  event_id: number;
  count: number;
  time_start: number | null;
  timezone: string;
  any_time: boolean;
  table_num: number | null;
}
/** The data of the answers these tests read; each call answers some of these fields. */
export interface Answer extends Item {
  dates: string[];
  timezone_obj: unknown;
  placeItems: unknown;
  meetingAllowTimes: { day: string; times: Slot[] };
  video_link: string;
  count_data: number;
  data: Item[];
  results: Item[];
}
/** Fields of a meeting request that a test sets apart from the usual ones. */
export type RequestOver = { date?: string } & Record<string, unknown>;
export const KYIV = 'Europe/Kyiv';
export const TODAY = localDateOf(Math.floor(Date.now() / 1000), KYIV);
export const D = addDays(TODAY, 2);
export const D2 = addDays(TODAY, 3);
export const at = (time: string, day = D) => zonedToUnix(day, time, KYIV);

export interface Person {
  id: number;
  token: string;
}

export async function call(method: 'GET' | 'POST', url: string, who?: Person | null, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await s.app.inject({
    method,
    url,
    payload: payload as string,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
  });
  return { http: res.statusCode, body: res.json() as Envelope<Answer> };
}
export const get = (url: string, who?: Person | null) => call('GET', url, who);
export const post = (url: string, payload: unknown, who?: Person | null) => call('POST', url, who, payload);

/** An event with meeting settings: 2 tables, the named place "Lounge" unless told otherwise. */
export async function newEvent(over: { online?: boolean; tables?: number; places?: Record<string, string>; is_free?: boolean; noSettings?: boolean } = {}) {
  const e = await createEvent(s.app.db, { starts_in_hours: -1, duration_hours: 24 * 6, is_webinar: over.online ?? false, is_free: over.is_free ?? true });
  if (!over.noSettings) {
    await s.app.db
      .insertInto('meeting_settings')
      .values({
        event_id: e.id,
        slot_minutes: 15,
        tables_count: over.tables ?? 2,
        places: JSON.stringify(over.places ?? { '1': 'Lounge' }),
        allowed_times: JSON.stringify([
          { day: TODAY, from: '00:00', to: '00:15' },
          { day: D, from: '10:00', to: '12:00' },
          { day: D2, from: '10:00', to: '11:00' },
        ]),
      })
      .execute();
  }
  return e.id;
}

/** A visitor of the event: checked in to a free event (or with a ticket when asked). */
export async function person(eventId: number | null, over: { phone?: string; ticket?: boolean; checkIn?: boolean; first_name?: string } = {}): Promise<Person> {
  const u = await createUser(s.app.db, over.first_name ? { first_name: over.first_name } : {});
  if (over.phone) await s.app.db.updateTable('users').set({ phone: over.phone }).where('id', '=', u.id).execute();
  if (eventId !== null) {
    if (over.checkIn !== false) {
      await s.app.db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true, checked_in_at: new Date() }).execute();
    }
    if (over.ticket) await createTicket(s.app.db, eventId, u.id);
  }
  return { id: u.id, token: await createSession(s.app.db, u.id) };
}

export function request(eventId: number, to: Person, time: string | null, over: RequestOver = {}) {
  return {
    event_id: eventId,
    user_id: to.id,
    date: over.date ?? D,
    comment: 'Let us talk',
    any_time: time === null,
    ...(time === null ? {} : { time_start: at(time, over.date ?? D), time_end: at(time, over.date ?? D) + 900 }),
    ...over,
  };
}

export async function book(eventId: number, from: Person, to: Person, time: string | null, over: RequestOver = {}) {
  const r = await post('/api/meetings/create-meeting', request(eventId, to, time, over), from);
  expect(r.body.status_code, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

export async function accept(meetingId: number, by: Person) {
  const r = await post('/api/meetings/approve-meeting', { meeting_id: meetingId }, by);
  expect(r.body.status_code, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

export const row = (id: number) => s.app.db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const counts = (eventId: number) =>
  s.app.db.selectFrom('events').select(['meetings_count', 'visitors_with_appointments_count']).where('id', '=', eventId).executeTakeFirstOrThrow();
/** Puts a meeting's start `minutesAgo` minutes in the past (setup for "has begun"). */
export async function moveToPast(id: number, minutesAgo: number) {
  await sql`UPDATE appointments SET starts_at = now() - make_interval(mins => ${minutesAgo}), ends_at = now() - make_interval(mins => ${minutesAgo - 15}) WHERE id = ${id}`.execute(
    s.app.db,
  );
}

import { afterAll, beforeAll } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createUser, ensureGeo } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { recountPeopleOf } from '../../server/domain/events/repository.ts';

/** What the api-events-* files share: one server per file, the calls, and the people, cities and categories they make. */

export let s: TestServer;
/** Starts what these files share before their first test and stops it after their last. */
export function serveEventsFiles(): void {
  beforeAll(async () => {
    s = await startTestServer();
    await ensureGeo(s.app.db);
  });
  afterAll(async () => s?.close());
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** An event as the legacy lists answer it, as far as these tests read it. */
export interface EventEntity {
  id: number;
  event_id: number;
  is_owner: boolean;
  is_favorite: boolean;
  checkin_status: boolean;
  when: number;
  when_end: number;
  poster_small: string;
  place: { name: string; address: string };
  venue: unknown;
  company: unknown;
  visitorsCities: unknown;
}
/** The data of the answers these tests read; each call answers some of these fields. */
export interface Answer {
  total: number;
  counts: { all: number; countByCategories: unknown[] } | null;
  events: EventEntity[];
  cities: unknown[];
  liked: boolean;
  broadcast_statistic: unknown;
  message: string;
}
export type Body = Envelope<Answer>;

export async function get(url: string, token?: string | null, headers: Record<string, string> = {}) {
  const res = await s.app.inject({ method: 'GET', url, headers: { ...(token ? auth(token) : {}), ...headers } });
  return { http: res.statusCode, body: res.json() as Body, headers: res.headers };
}
export async function post(url: string, payload: unknown, token?: string | null, headers: Record<string, string> = {}) {
  const res = await s.app.inject({ method: 'POST', url, payload: payload as string, headers: { ...(token ? auth(token) : {}), ...headers } });
  return { http: res.statusCode, body: res.json() as Body };
}

// Each test works inside its own category or city, so lists are exact however many events other
// tests created in the same database.
export let nextRef = 100;
export async function newCategory() {
  const id = nextRef++;
  await s.app.db
    .insertInto('categories')
    .values({ id, name: `Cat ${id}` })
    .execute();
  return id;
}
export async function newCity(name = `City ${nextRef}`) {
  const id = nextRef++;
  await s.app.db.insertInto('cities').values({ id, name, country_code: 'UA', lat: 50.45, lng: 30.52 }).execute();
  return id;
}
export async function newUser(over: Parameters<typeof createUser>[1] = {}) {
  const u = await createUser(s.app.db, over);
  const { token } = await login(s.app, u.email);
  return { id: u.id, email: u.email, token };
}
export async function relate(
  eventId: number,
  userId: number,
  patch: Partial<{ checked_in: boolean; is_owner: boolean; is_favorite: boolean; viewed_at: Date; role: string }>,
) {
  await s.app.db
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId, ...patch })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet(patch))
    .execute();
}
export async function hideUser(userId: number) {
  await s.app.db.updateTable('users').set({ hide_from_visitors: true }).where('id', '=', userId).execute();
  // As the profile service does when someone hides (events/repository recountPeople).
  await recountPeopleOf(s.app.db, userId);
}
export const ids = (body: Body) => body.data.events.map((e) => e.event_id);
export const state = async (eventId: number) => ({
  event: await s.app.db.selectFrom('events').select(['favorites_count', 'total_people', 'rev']).where('id', '=', eventId).executeTakeFirstOrThrow(),
  rels: await s.app.db.selectFrom('user_events').selectAll().where('event_id', '=', eventId).orderBy('user_id').execute(),
});

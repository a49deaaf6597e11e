import { afterAll, beforeAll } from 'vitest';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../../server/db/types.ts';
import { sql } from 'kysely';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { type createEvent, createMenuEvent, createUser, ensureGeo, ensureGermany, MENU } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/** What the api-visitors-* files share: one server per file, the calls, and the people and events they make. */

export let s: TestServer;
/** Starts what these files share before their first test and stops it after their last. */
export function serveVisitorsFiles(): void {
  beforeAll(async () => {
    // Dozens of searches by one user in a second: the search budget (attacks-throttle) is not what these files test.
    s = await startTestServer({ limits: { calls: { visitor_search: { maxCalls: 100_000, windowMs: 60_000 } } } });
    await ensureGeo(s.app.db);
    await ensureGermany(s.app.db);
    await s.app.db
      .insertInto('cities')
      .values({ id: 3, name: 'Berlin', country_code: 'DE' })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  afterAll(async () => s?.close());
}

export const YEAR = new Date().getUTCFullYear();
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** A row of the lists these tests read: a visitor, or a country or city with its count. */
export interface Row {
  id: number;
  code: string;
  name: string;
  count: number;
  favorite: boolean;
  appointment: unknown;
  event_checkin: { event_name: string } | null;
  trip: unknown;
}
/** The data of the answers these tests read; each call answers some of these fields. */
export interface Answer {
  count: number;
  results: Row[];
  result: boolean;
  like_status: number;
  category_id: number | null;
  selected: unknown;
}

export async function get(url: string, token?: string | null, headers: Record<string, string> = {}) {
  const res = await s.app.inject({ method: 'GET', url, headers: { ...(token ? auth(token) : {}), ...headers } });
  return { http: res.statusCode, body: res.json() as Envelope<Answer>, text: res.body };
}
export async function post(url: string, payload: unknown, token?: string | null, headers: Record<string, string> = {}) {
  const res = await s.app.inject({ method: 'POST', url, payload: payload as string, headers: { ...(token ? auth(token) : {}), ...headers } });
  return { http: res.statusCode, body: res.json() as Envelope<Answer>, text: res.body };
}

export type UserPatch = Updateable<UsersTable>;
export interface TestUser {
  id: number;
  email: string;
  token: string;
}
export async function newUser(over: Parameters<typeof createUser>[1] = {}, patch?: UserPatch): Promise<TestUser> {
  const u = await createUser(s.app.db, over);
  // Gender and age show only when the person turns them on (attacks-privacy.test.ts); these people have.
  const shown = patch && ('sex' in patch || 'birth_year' in patch) ? { show_personal: true } : {};
  if (patch && Object.keys(patch).length)
    await s.app.db
      .updateTable('users')
      .set({ ...patch, ...shown })
      .where('id', '=', u.id)
      .execute();
  const { token } = await login(s.app, u.email);
  return { id: u.id, email: u.email, token };
}
export async function setUser(id: number, patch: UserPatch) {
  await s.app.db.updateTable('users').set(patch).where('id', '=', id).execute();
}
/** What `from` has stored about `to` (likes, favorite); the test fails if there is no row. */
export function relationRow(from: Pick<TestUser, 'id'>, to: Pick<TestUser, 'id'>) {
  return s.app.db.selectFrom('user_relations').selectAll().where('user_id', '=', from.id).where('target_user_id', '=', to.id).executeTakeFirstOrThrow();
}
export type JoinPatch = Partial<{
  checked_in: boolean;
  checked_in_at: Date;
  is_owner: boolean;
  role: string;
  menu_id: number;
  about: string;
  interest: string;
  viewed_at: Date;
  is_favorite: boolean;
}>;
export async function join(eventId: number, userId: number, patch: JoinPatch = { checked_in: true }) {
  await s.app.db
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId, ...patch })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet(patch))
    .execute();
}
export { MENU };
export const newEvent = (over: Parameters<typeof createEvent>[1] = {}) => createMenuEvent(s.app.db, over);
export const people = (eventId: number, query = '') => `/api/events/get-event-people?event_id=${eventId}${query ? `&${query}` : ''}`;
export const ids = (body: { data: Pick<Answer, 'results'> }) => body.data.results.map((r) => r.id);
export const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export async function snapshot() {
  const count = async (table: 'users' | 'user_relations' | 'user_events' | 'friends') =>
    (
      await sql<{
        n: number;
        r: number;
      }>`SELECT count(*)::int AS n, coalesce(sum(${sql.ref(table === 'friends' ? 'user_id' : 'rev')}), 0)::bigint AS r FROM ${sql.table(table)}`.execute(
        s.app.db,
      )
    ).rows[0];
  return { users: await count('users'), relations: await count('user_relations'), userEvents: await count('user_events'), friends: await count('friends') };
}

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { login } from '../fixtures/server.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { command } from './chat-helpers.ts';

/**
 * The second review's "privacy by default" (docs/QUALITY.md): a brand-new account was listed on
 * the signed-out home page with its trip plan, and visitor cards showed everybody's gender and age.
 * A new account is now shown only to people who share an event with it until its owner chooses
 * "everyone", and gender and age only when the person switches them on; the visitors filter by
 * gender or age reads the same switch, so it cannot tell what a card hides.
 */

const s = serverPerFile();
const YEAR = new Date().getUTCFullYear();

/** An account made the way a person makes one: the sign-up form. */
async function signUp(first: string) {
  const email = `${first.toLowerCase()}-${randomBytes(4).toString('hex')}@privacy.test`;
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'a long pass phrase 42', first_name: first, last_name: 'New', lang: 'en' },
  });
  expect(res.json()).toMatchObject({ status_code: 200 });
  const { token, userId } = await login(s.app, email, 'a long pass phrase 42');
  return { id: userId, token };
}

async function get<T>(url: string, token?: string): Promise<T> {
  const res = await s.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = res.json();
  expect(body.status_code, res.body).toBe(200);
  return body.data as T;
}

type Listed = { results: { user_id: number; sex: number | null; age: number | null }[] };

describe('privacy by default', () => {
  it('shows a new account to the people of its events only, until its owner chooses everyone', async () => {
    const ev = (await createEvent(s.app.db, { starts_in_hours: 48 })).id;
    const newcomer = await signUp('Nadia');
    expect(await command(s.app, newcomer.token, 'event.checkin', { event_id: ev })).toMatchObject({ status: 'applied' });
    expect(await command(s.app, newcomer.token, 'profile.update', { trip_status: 2, help: 'A flat near the venue' })).toMatchObject({ status: 'applied' });
    const fellow = await createUser(s.app.db);
    await s.app.db.insertInto('user_events').values({ event_id: ev, user_id: fellow.id, checked_in: true, checked_in_at: new Date() }).execute();
    const fellowToken = await createSession(s.app.db, fellow.id);
    const strangerToken = await createSession(s.app.db, (await createUser(s.app.db)).id);

    const card = (token?: string) => get<Listed>('/api/visitors/get-main-page-users?tab=allVisitors&limit=100', token);
    const directory = (token?: string) => get<Listed>('/api/events/get-event-people?limit=100', token);
    const ids = (l: Listed) => l.results.map((r) => r.user_id);
    for (const list of [await card(), await card(strangerToken), await directory(), await directory(strangerToken)])
      expect(ids(list)).not.toContain(newcomer.id);
    // The people who share the event see the newcomer, on its list and on theirs.
    expect(ids(await get<Listed>(`/api/events/get-event-people?event_id=${ev}&limit=100`, fellowToken))).toContain(newcomer.id);
    expect(ids(await card(fellowToken))).toContain(newcomer.id);

    expect(await command(s.app, newcomer.token, 'profile.update', { show_status: 1 })).toMatchObject({ status: 'applied' });
    expect(ids(await card())).toContain(newcomer.id);
    expect(ids(await directory(strangerToken))).toContain(newcomer.id);
  });

  it('keeps gender and age to the person until they switch them on, in cards, lists, documents and filters', async () => {
    const ev = (await createEvent(s.app.db, { starts_in_hours: 48 })).id;
    const person = await signUp('Olha');
    expect(await command(s.app, person.token, 'event.checkin', { event_id: ev })).toMatchObject({ status: 'applied' });
    expect(await command(s.app, person.token, 'profile.update', { sex: 2, birth_year: YEAR - 30 })).toMatchObject({ status: 'applied' });
    const viewer = await signUp('Viewer');
    expect(await command(s.app, viewer.token, 'event.checkin', { event_id: ev })).toMatchObject({ status: 'applied' });

    const listed = async (query = '') =>
      (await get<Listed>(`/api/events/get-event-people?event_id=${ev}&limit=100${query}`, viewer.token)).results.find((r) => r.user_id === person.id);
    const doc = async () => {
      const res = await s.app.inject({
        url: `/sync/v1/visitors/pull?event_id=${ev}&checkpoint=0&limit=500`,
        headers: { authorization: `Bearer ${viewer.token}` },
      });
      return (res.json().documents as { user_id: number; sex: number; birth_year: number }[]).find((d) => d.user_id === person.id);
    };
    expect(await listed()).toMatchObject({ sex: null, age: null });
    expect(await doc()).toMatchObject({ sex: 0, birth_year: 0 });
    // Filtering by what a card hides would tell it: the filters leave the person out.
    expect(await listed('&sex=0')).toBeUndefined();
    expect(await listed('&age=3')).toBeUndefined();
    // The person sees their own.
    const own = await get<{ sex: number; birth_year: number; show_personal: boolean }>('/api/profile/lite', person.token);
    expect(own).toMatchObject({ sex: 2, birth_year: YEAR - 30, show_personal: false });

    expect(await command(s.app, person.token, 'profile.update', { show_personal: true })).toMatchObject({ status: 'applied' });
    expect(await listed()).toMatchObject({ sex: 2, age: 30 });
    expect(await doc()).toMatchObject({ sex: 2, birth_year: YEAR - 30 });
    expect(await listed('&sex=0')).toMatchObject({ user_id: person.id });
    expect(await listed('&age=3')).toMatchObject({ user_id: person.id });
  });
});

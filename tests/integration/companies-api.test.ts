import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { companiesFeed } from '../../server/domain/companies/feed.ts';
import type { CompanyDoc } from '../../contract/companies.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/** Companies (stands): the legacy calls and the `companies` feed, on the real server. */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

/** A stand, or a member of one, as the companies calls answer them; as far as these tests read it. */
interface Member {
  user_id: number;
}
interface Stand {
  name: string;
  isManager: boolean;
  users: Member[];
}
/** The data of the answers these tests read: a page of stands or members, or one stand. */
type Answer = Envelope<Stand & { results: (Stand & Member)[] }>;
async function get(url: string, token?: string) {
  const res = await s.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { http: res.statusCode, body: res.json() as Answer };
}

async function stand(
  eventId: number,
  name: string,
  over: Partial<{ sort: number; image: string; image_thumb: string; description: string; link: string }> = {},
) {
  return s.app.db
    .insertInto('companies')
    .values({
      event_id: eventId,
      name,
      sort: over.sort ?? 0,
      image: over.image ?? '',
      image_thumb: over.image_thumb ?? '',
      description: over.description ?? '',
      link: over.link ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
async function member(companyId: number, userId: number, sort: number, isManager = false, position = '') {
  await s.app.db.insertInto('stand_members').values({ company_id: companyId, user_id: userId, sort, is_manager: isManager, position }).execute();
}

/** An event with 7 stands; the first has a manager, 5 visible members and one hidden member. */
async function expo() {
  const event = await createEvent(s.app.db);
  const stands = [];
  for (let i = 0; i < 7; i++) {
    stands.push(
      (
        await stand(event.id, `Stand ${i + 1}`, {
          sort: i + 1,
          ...(i === 0
            ? { image: '/files/logos/x.png', image_thumb: '/files/logos/x-thumb.png', description: 'Logistics software', link: 'https://example.test' }
            : {}),
        })
      ).id,
    );
  }
  const users = [];
  for (let i = 0; i < 6; i++) users.push(await createUser(s.app.db, { first_name: `M${i}` }));
  const manager = users[0]!;
  const hidden = users[5]!;
  await s.app.db.updateTable('users').set({ hide_from_visitors: true }).where('id', '=', hidden.id).execute();
  for (let i = 0; i < 6; i++) await member(stands[0]!, users[i]!.id, i === 5 ? 0 : i + 1, i === 0, i === 1 ? 'CTO' : '');
  return { eventId: event.id, stands, users, manager, hidden };
}

describe('legacy companies calls', () => {
  it('pages stands 5 at a time with 4 members each, stand order, and the viewer manager flag', async () => {
    const x = await expo();
    const guest = await get(`/api/companies?event_id=${x.eventId}&offset=0&with_users=true`);
    expect(guest.body.status_code).toBe(200);
    expect(guest.body.data).toMatchObject({ count: 7, offset: 0 });
    expect(guest.body.data.results.map((r) => r.name)).toEqual(['Stand 1', 'Stand 2', 'Stand 3', 'Stand 4', 'Stand 5']);
    const first = guest.body.data.results[0]!;
    expect(first).toMatchObject({
      stand_id: x.stands[0],
      image: '/files/logos/x.png',
      logo: '/files/logos/x-thumb.png',
      description: 'Logistics software',
      users_count: 5,
      isManager: false,
    });
    expect(first.users).toHaveLength(4);
    expect(first.users.map((u) => u.user_id)).toEqual(x.users.slice(0, 4).map((u) => u.id));
    expect(first.users[1]).toMatchObject({ position: 'CTO', avatar: `/files/avatars/${x.users[1]!.id}.svg` });
    // No uploaded logo: the raw fields stay empty for the screen's placeholder, logo is the drawn one.
    expect(guest.body.data.results[1]).toMatchObject({ image: '', image_thumb: '', description: '', logo: `/files/logos/${x.stands[1]}.svg` });

    const page2 = await get(`/api/companies?event_id=${x.eventId}&offset=5&limit=5`);
    expect(page2.body.data.results.map((r) => r.name)).toEqual(['Stand 6', 'Stand 7']);
    expect(page2.body.data.results[0]!.users).toEqual([]);
    expect((await get(`/api/companies?event_id=${x.eventId}&limit=101`)).body.data.results).toHaveLength(7);
    expect((await get(`/api/companies`)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect((await get(`/api/companies?event_id=999999`)).body).toMatchObject({ status_code: 404, error: 'event_not_found' });

    const { token } = await login(s.app, x.manager.email);
    const asManager = await get(`/api/events/get-stands?event_id=${x.eventId}`, token);
    expect(asManager.body.data.results[0]!.isManager).toBe(true);
    expect(asManager.body.data.results[0]!.users).toHaveLength(4);
    expect(asManager.body.data.results[1]!.isManager).toBe(false);
  });

  it('shows one stand with all visible members; a hidden member sees only themselves added', async () => {
    const x = await expo();
    const detail = await get(`/api/events/get-stand?eventId=${x.eventId}&standId=${x.stands[0]}`);
    expect(detail.body.data.users.map((u) => u.user_id)).toEqual(x.users.slice(0, 5).map((u) => u.id));
    expect(detail.body.data.isManager).toBe(false);
    const same = await get(`/api/companies/${x.stands[0]}?event_id=${x.eventId}`);
    expect(same.body.data).toEqual(detail.body.data);

    const { token } = await login(s.app, x.hidden.email);
    const own = await get(`/api/events/get-stand?event_id=${x.eventId}&stand_id=${x.stands[0]}`, token);
    expect(own.body.data.users.map((u) => u.user_id)).toEqual([x.hidden.id, ...x.users.slice(0, 5).map((u) => u.id)]);

    const users = await get(`/api/events/get-stand-users?event_id=${x.eventId}&stand_id=${x.stands[0]}&offset=1&limit=2`);
    expect(users.body.data).toMatchObject({ count: 5, offset: 1 });
    expect(users.body.data.results.map((u) => u.user_id)).toEqual([x.users[1]!.id, x.users[2]!.id]);

    const other = await expo();
    expect((await get(`/api/events/get-stand?eventId=${x.eventId}&standId=${other.stands[0]}`)).body).toMatchObject({ status_code: 404, error: 'not_found' });
    expect((await get(`/api/events/get-stand?eventId=${x.eventId}`)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
  });
});

describe('companies feed', () => {
  const pull = (eventId: number, userId: number | null, checkpoint = 0, limit = 100) =>
    companiesFeed(s.app.db, { userId, checkpoint, limit, scope: { event_id: String(eventId) } });

  it('sends an event stands to anybody, hidden members only to themselves', async () => {
    const x = await expo();
    const page = await pull(x.eventId, null);
    expect(page.documents).toHaveLength(7);
    const doc = page.documents.find((d) => d.id === String(x.stands[0])) as unknown as CompanyDoc;
    expect(doc.members.map((m) => m.user_id)).toEqual(x.users.slice(0, 5).map((u) => u.id));
    expect(doc.members[0]).toMatchObject({ is_manager: true, first_name: 'M0' });
    const own = (await pull(x.eventId, x.hidden.id)).documents.find((d) => d.id === String(x.stands[0])) as unknown as CompanyDoc;
    expect(own.members.map((m) => m.user_id)).toContain(x.hidden.id);
    await expect(pull(999999, null)).rejects.toMatchObject({ statusCode: 404 });
    await expect(companiesFeed(s.app.db, { userId: null, checkpoint: 0, limit: 10, scope: { event_id: 'abc' } })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('re-sends a stand when a member joins, leaves, hides or renames, and never loses stands sharing a rev', async () => {
    const x = await expo();
    const all = await pull(x.eventId, null);
    let checkpoint = Math.max(...all.documents.map((d) => d.rev));
    const newcomer = await createUser(s.app.db);
    await member(x.stands[2]!, newcomer.id, 1);
    let page = await pull(x.eventId, null, checkpoint);
    expect(page.documents.map((d) => d.id)).toEqual([String(x.stands[2])]);
    checkpoint = page.documents[0]!.rev;

    await s.app.db.deleteFrom('stand_members').where('company_id', '=', x.stands[2]!).where('user_id', '=', newcomer.id).execute();
    page = await pull(x.eventId, null, checkpoint);
    expect(page.documents.map((d) => [d.id, (d as unknown as CompanyDoc).members.length])).toEqual([[String(x.stands[2]), 0]]);
    checkpoint = page.documents[0]!.rev;

    await s.app.db.updateTable('users').set({ hide_from_visitors: true }).where('id', '=', x.users[1]!.id).execute();
    page = await pull(x.eventId, null, checkpoint);
    expect(page.documents.map((d) => d.id)).toEqual([String(x.stands[0])]);
    expect((page.documents[0] as unknown as CompanyDoc).members.map((m) => m.user_id)).not.toContain(x.users[1]!.id);
    checkpoint = page.documents[0]!.rev;

    // One person in three stands: renaming them gives all three the same rev; pages of 1 keep them all.
    const busy = await createUser(s.app.db);
    for (const id of x.stands.slice(3, 6)) await member(id, busy.id, 9);
    await s.app.db.updateTable('users').set({ last_name: 'Renamed' }).where('id', '=', busy.id).execute();
    const ids = new Set<string>();
    for (let i = 0; i < 10; i++) {
      page = await pull(x.eventId, null, checkpoint, 1);
      for (const d of page.documents) ids.add(String(d.id));
      if (page.documents.length < 1) break;
      checkpoint = page.documents.at(-1)!.rev;
    }
    expect([...ids].sort()).toEqual(x.stands.slice(3, 6).map(String).sort());
  });
});

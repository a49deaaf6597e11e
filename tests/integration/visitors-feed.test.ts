import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Updateable } from 'kysely';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Value } from '@sinclair/typebox/value';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser, ensureGeo } from '../fixtures/factories.ts';
import { RelationsCollection, VisitorsCollection, type VisitorDoc } from '../../contract/visitors.ts';
import type { UsersTable } from '../../server/db/types.ts';
import { FeedScopeError } from '../../server/domain/sync/feed.ts';
import { PageCache } from '../../server/domain/sync/page-cache.ts';
import { relationsFeed, visitorsFeed, visitorsFeedJson } from '../../server/domain/visitors/feed.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await ensureGeo(s.app.db);
});
afterAll(async () => s?.close());

const pages = new PageCache(64 * 1024 * 1024);
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
type Doc = VisitorDoc & { deleted: boolean };

interface TestUser {
  id: number;
  email: string;
  token: string;
}
async function newUser(patch?: Updateable<UsersTable>, over: Parameters<typeof createUser>[1] = {}): Promise<TestUser> {
  const u = await createUser(s.app.db, over);
  if (patch && Object.keys(patch).length) await s.app.db.updateTable('users').set(patch).where('id', '=', u.id).execute();
  const { token } = await login(s.app, u.email);
  return { id: u.id, email: u.email, token };
}
async function checkIn(eventId: number, userId: number, patch: Record<string, unknown> = {}) {
  await s.app.db
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId, checked_in: true, checked_in_at: new Date(), ...patch })
    .execute();
}

/**
 * One page of the visitors feed, checked against the collection's schema, and the same page as the
 * database writes it for the pull route (visitorsFeedJson, with and without the shared pages), which
 * must be the very text JSON.stringify makes of the answer: every scenario below holds them equal.
 */
async function pull(viewer: TestUser | null, eventId: number | string | undefined, checkpoint = 0, limit = 500) {
  const scope: Record<string, string> = eventId === undefined ? {} : { event_id: String(eventId) };
  const args = { userId: viewer?.id ?? null, checkpoint, limit, scope };
  const page = await visitorsFeed(s.app.db, args);
  const docs = page.documents as Doc[];
  for (const d of docs) expect(Value.Check(VisitorsCollection.schema, d), JSON.stringify(d)).toBe(true);
  const answer = JSON.stringify({ documents: docs, checkpoint: docs.at(-1)?.rev ?? checkpoint });
  expect((await visitorsFeedJson(s.app.db, args)).text).toBe(answer);
  // Through the shared pages too, kept across every scenario of this file: each pulls again after
  // its writes, so a page answered at a version it was not read at would fail here.
  for (let i = 0; i < 2; i++) expect((await visitorsFeedJson(s.app.db, { ...args, pages })).text).toBe(answer);
  return { docs, checkpoint: docs.at(-1)?.rev ?? checkpoint };
}
/** Everything past a checkpoint, page by page, as the worker pulls it. */
async function pullAll(viewer: TestUser, eventId: number, checkpoint = 0, limit = 500) {
  const all: Doc[] = [];
  let cp = checkpoint;
  for (;;) {
    const page = await pull(viewer, eventId, cp, limit);
    all.push(...page.docs);
    cp = page.checkpoint;
    if (page.docs.length < limit) return { docs: all, checkpoint: cp };
  }
}
async function refusal(viewer: TestUser | null, eventId: number | string | undefined) {
  try {
    await pull(viewer, eventId);
  } catch (err) {
    if (err instanceof FeedScopeError) return [err.statusCode, err.code];
    throw err;
  }
  return undefined;
}
const byUser = (docs: Doc[]) => new Map(docs.map((d) => [d.user_id as number, d]));
const send = (token: string, commands: unknown[]) => s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(token), payload: { commands } });
const post = (url: string, payload: unknown, token: string) => s.app.inject({ method: 'POST', url, payload: payload as string, headers: auth(token) });

describe('visitors feed', () => {
  it("pulls one event's participants in rev order, page by page, and nothing of other events", async () => {
    const ev = (await createEvent(s.app.db)).id;
    const other = (await createEvent(s.app.db)).id;
    const viewer = await newUser();
    await checkIn(ev, viewer.id);
    const ticket = await newUser();
    await createTicket(s.app.db, ev, ticket.id);
    const owner = await newUser();
    await s.app.db.insertInto('user_events').values({ event_id: ev, user_id: owner.id, is_owner: true }).execute();
    const viewedOnly = await newUser();
    await s.app.db.insertInto('user_events').values({ event_id: ev, user_id: viewedOnly.id, viewed_at: new Date() }).execute();
    const elsewhere = await newUser();
    await checkIn(other, elsewhere.id);

    const pages: Doc[][] = [];
    let cp = 0;
    for (;;) {
      const page = await pull(viewer, ev, cp, 2);
      pages.push(page.docs);
      cp = page.checkpoint;
      if (page.docs.length < 2) break;
    }
    const docs = pages.flat().filter((d) => !d.deleted);
    expect(docs.map((d) => d.user_id).sort()).toEqual([viewer.id, ticket.id, owner.id].sort());
    expect(docs.every((d) => d.event_id === ev && d.id === `${ev}:${d.user_id}`)).toBe(true);
    // Past the first page a device may hold anything, so people who never took part can come as
    // tombstones; they delete nothing. The first page of a fresh device carries none.
    expect(
      pages
        .flat()
        .filter((d) => d.deleted)
        .every((d) => d.user_id === viewedOnly.id),
    ).toBe(true);
    expect(pages[0]!.every((d) => !d.deleted)).toBe(true);
    const revs = pages.flat().map((d) => d.rev);
    expect(revs).toEqual([...revs].sort((a, b) => a - b));
    expect(new Set(revs).size).toBe(revs.length);
    expect(byUser(docs).get(owner.id)).toMatchObject({ role: 'organizer', accesses_by_tickets: true });
    expect(byUser(docs).get(ticket.id)).toMatchObject({ role: 'visitor', accesses_by_tickets: true });
    expect((await pull(viewer, ev, cp)).docs).toEqual([]);

    // A ticket bought later raises that person's document above the checkpoint.
    const late = await newUser();
    await createTicket(s.app.db, ev, late.id);
    expect((await pull(viewer, ev, cp)).docs.map((d) => d.user_id)).toEqual([late.id]);
  });

  it('answers only participants of the event, and says why otherwise', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const viewer = await newUser();
    await checkIn(ev, viewer.id);
    const outsider = await newUser();
    await s.app.db.insertInto('user_events').values({ event_id: ev, user_id: outsider.id, is_favorite: true }).execute();
    expect(await refusal(outsider, ev)).toEqual([403, 'participation_required']);
    expect(await refusal(null, ev)).toEqual([401, 'auth_required']);
    expect(await refusal(viewer, undefined)).toEqual([400, 'invalid_input']);
    for (const bad of ['abc', '0', '-1', '1; DROP TABLE users', '99999999999']) expect(await refusal(viewer, bad), bad).toEqual([400, 'invalid_input']);
    expect(await refusal(viewer, 999999)).toEqual([404, 'event_not_found']);
    await s.app.db.updateTable('events').set({ deleted: true }).where('id', '=', ev).execute();
    expect(await refusal(viewer, ev)).toEqual([404, 'event_not_found']);
  });

  it('sends a tombstone without personal data when a visitor hides or leaves, and keeps the viewer themselves', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const viewer = await newUser();
    const hider = await newUser({ phone: '+380 50 000 00 01', position: 'Hider position' }, { first_name: 'Hidername' });
    const nobody = await newUser({}, { first_name: 'Nobodyname' });
    const cancelled = await newUser({}, { first_name: 'Cancelname' });
    const leaver = await newUser({}, { first_name: 'Leavername' });
    const stayer = await newUser();
    for (const u of [viewer, hider, nobody, leaver, stayer]) await checkIn(ev, u.id);
    const ticket = await createTicket(s.app.db, ev, cancelled.id);
    const first = await pullAll(viewer, ev);
    expect(first.docs).toHaveLength(6);

    const at = new Date().toISOString();
    expect(
      (await send(hider.token, [{ id: `hide-${hider.id}-000001`, kind: 'profile.update', payload: { hide_from_visitors: true }, occurredAt: at }])).json()
        .results[0].status,
    ).toBe('applied');
    expect((await post('/api/profile/save', { show_status: 3 }, nobody.token)).json().status_code).toBe(200);
    await s.app.db.updateTable('tickets').set({ status: 'cancelled' }).where('id', '=', ticket.id).execute();
    expect((await post('/api/events/uncheckin', { event_id: ev }, leaver.token)).json().status_code).toBe(200);

    const next = await pullAll(viewer, ev, first.checkpoint);
    const gone = [hider.id, nobody.id, cancelled.id, leaver.id];
    expect(next.docs.map((d) => d.user_id).sort()).toEqual([...gone].sort());
    for (const d of next.docs) {
      expect(d.deleted).toBe(true);
      expect(d).toMatchObject({ first_name: '', last_name: '', phone: '', email: '', position: '', avatar: '' });
    }
    const text = JSON.stringify(next.docs);
    for (const secret of ['Hidername', 'Nobodyname', 'Cancelname', 'Leavername', '000 00 01', 'Hider position', hider.email])
      expect(text).not.toContain(secret);

    // A device that starts now holds nothing, so it gets no tombstones at all.
    const fresh = await pullAll(viewer, ev);
    expect(fresh.docs.map((d) => d.user_id).sort()).toEqual([viewer.id, stayer.id].sort());
    // The hidden person still sees themselves, with their own phone.
    expect(byUser((await pullAll(hider, ev)).docs).get(hider.id)).toMatchObject({ deleted: false, phone: '+380 50 000 00 01', email: hider.email });

    // Coming back brings the full document back.
    await post('/api/profile/save', { hide_from_visitors: false }, hider.token);
    const back = await pullAll(viewer, ev, next.checkpoint);
    expect(back.docs.map((d) => [d.user_id, d.deleted])).toEqual([[hider.id, false]]);
    expect(back.docs[0]).toMatchObject({ first_name: 'Hidername', phone: '+380 50 000 00 01' });
  });

  it('gives a document a new rev whenever what others see of it changes', async () => {
    const ev = (await createEvent(s.app.db)).id;
    await s.app.db
      .updateTable('events')
      .set({ options: JSON.stringify({ broadcast_background: '', menu: [{ id: 1, name: 'Investor' }] }) })
      .where('id', '=', ev)
      .execute();
    const viewer = await newUser({ phone: '+48 111 111 111', hide_phone: true });
    const person = await newUser({ phone: '+48 222 222 222', position: 'PM', status: 'Hi', help: 'Jobs' });
    await checkIn(ev, viewer.id);
    await checkIn(ev, person.id);
    const start = await pullAll(viewer, ev);
    const r0 = byUser(start.docs).get(person.id)!;
    expect(r0).toMatchObject({ phone: '+48 222 222 222', email: '' });
    // The viewer's own document carries their own hidden phone; nobody else's does.
    expect(byUser(start.docs).get(viewer.id)).toMatchObject({ phone: '+48 111 111 111', email: viewer.email });
    expect(JSON.stringify(byUser((await pullAll(person, ev)).docs).get(viewer.id))).not.toContain('111 111 111');

    const step = async (change: () => Promise<unknown>, expected: Record<string, unknown>, cp: number) => {
      await change();
      const page = await pullAll(viewer, ev, cp);
      expect(page.docs.map((d) => d.user_id)).toEqual([person.id]);
      expect(page.docs[0]).toMatchObject(expected);
      return page;
    };
    let page = await step(() => post('/api/profile/save', { hide_phone: true }, person.token), { phone: '', deleted: false }, start.checkpoint);
    expect(page.docs[0]!.rev).toBeGreaterThan(r0.rev);
    page = await step(() => post('/api/profile/save', { show_email: true }, person.token), { email: person.email }, page.checkpoint);
    page = await step(() => post('/api/profile/save', { show_status: 2 }, person.token), { deleted: false, show_status: 2 }, page.checkpoint);
    page = await step(() => post('/api/profile/save', { hide_trip_plan: true, trip_status: 2 }, person.token), { trip_status: 0 }, page.checkpoint);
    page = await step(() => post('/api/meetings-manager/add-user-categories', { event_id: ev, category_id: 1 }, person.token), { menu_id: 1 }, page.checkpoint);
    page = await step(() => post('/api/profile/save', { show_status: 3 }, person.token), { deleted: true }, page.checkpoint);
    // Back to everyone: the full document returns, with the switches still applied.
    await step(() => post('/api/profile/save', { show_status: 1 }, person.token), { deleted: false, phone: '', email: person.email }, page.checkpoint);
  });
});

describe('the pull route sends the visitors page the database wrote', () => {
  // Every character a name may hold but NUL (which PostgreSQL refuses), and some that JSON escapes.
  const odd = `${Array.from({ length: 127 }, (_, i) => String.fromCharCode(i + 1)).join('')} é Київ 😀 \u2028\u2029 "q" \\ </script>`;

  it('answers the bytes JSON.stringify makes of the documents, whatever people wrote', async () => {
    const ev = (await createEvent(s.app.db)).id;
    await s.app.db
      .updateTable('events')
      .set({ options: JSON.stringify({ broadcast_background: '', menu: [{ id: 3, name: 'Press' }] }) })
      .where('id', '=', ev)
      .execute();
    const viewer = await newUser({ phone: '+48 111 111 111', hide_phone: true, show_email: false });
    await checkIn(ev, viewer.id);
    const odder = await newUser({
      first_name: odd,
      last_name: `${odd}!`,
      avatar: '/files/uploads/a "b".png',
      phone: odd,
      show_email: true,
      position: odd,
      company: '',
      help: odd,
      status: odd,
      show_status: 2,
      trip_status: 3,
      hobby: '1, 7,x',
      sex: 2,
      birth_year: 1970,
      social: JSON.stringify({
        vk: `vk ${odd}`,
        facebook: '',
        twitter: 5,
        gplus: null,
        linkedin: { x: 1 },
        odn: 'ok',
        telegram: ' ',
        instagram: 'é😀',
        unknown: 'x',
      }),
    });
    await checkIn(ev, odder.id, { role: 'speaker', menu_id: 3, about: odd, interest: odd, checked_in_at: new Date(-86_400_500) });
    // No city or country, no sex or birth year, no avatar, links of another kind, hidden trip plan.
    const bare = await newUser({ city_id: null, country_code: null, sex: null, birth_year: null, social: '[]', hide_trip_plan: true, trip_status: 2 });
    await createTicket(s.app.db, ev, bare.id);
    const owner = await newUser({ created_at: new Date(Date.UTC(2020, 0, 1, 0, 0, 0, 999)) });
    await s.app.db.insertInto('user_events').values({ event_id: ev, user_id: owner.id, is_owner: true }).execute();
    const hidden = await newUser({ hide_from_visitors: true });
    await checkIn(ev, hidden.id);

    const route = async (viewerToken: string | null, query: string) => {
      const res = await s.app.inject({ url: `/sync/v1/visitors/pull?event_id=${ev}${query}`, headers: viewerToken ? auth(viewerToken) : {} });
      return res;
    };
    for (const who of [viewer, odder, hidden]) {
      for (const [checkpoint, limit] of [
        [0, 500],
        [0, 2],
        [1, 3],
      ] as const) {
        const page = await visitorsFeed(s.app.db, { userId: who.id, checkpoint, limit, scope: { event_id: String(ev) } });
        const res = await route(who.token, `&checkpoint=${checkpoint}&limit=${limit}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toBe(JSON.stringify({ documents: page.documents, checkpoint: page.documents.at(-1)?.rev ?? checkpoint }));
      }
    }
    // The odd person's document came through whole: the text above is not equal by being empty.
    // (Read without pull(): what is stored here is more than the collection's schema lets through.)
    const all = (await visitorsFeed(s.app.db, { userId: viewer.id, checkpoint: 0, limit: 500, scope: { event_id: String(ev) } })).documents as Doc[];
    expect(byUser(all).get(odder.id)).toMatchObject({
      first_name: odd,
      social: { vk: `vk ${odd}`, odn: 'ok', telegram: ' ', instagram: 'é😀' },
      menu_id: 3,
      role: 'speaker',
      registered_at: -86_401,
    });
    expect(Object.keys(byUser(all).get(odder.id)!.social)).toEqual(['vk', 'odn', 'telegram', 'instagram']);
    expect(byUser(all).get(bare.id)).toMatchObject({ city_id: 0, city_name: '', country_code: '', sex: 0, birth_year: 0, social: {}, trip_status: 0 });
    expect(byUser(all).get(owner.id)).toMatchObject({ role: 'organizer', registered_at: Date.UTC(2020, 0, 1) / 1000 });

    // A caught-up pull keeps the checkpoint it was asked with; refusals are the feed's.
    const caughtUp = (JSON.parse((await route(viewer.token, '&checkpoint=1')).body) as { checkpoint: number }).checkpoint;
    expect((await route(viewer.token, `&checkpoint=${caughtUp}`)).body).toBe(JSON.stringify({ documents: [], checkpoint: caughtUp }));
    expect((await route(null, '')).statusCode).toBe(401);
    expect((await s.app.inject({ url: '/sync/v1/visitors/pull', headers: auth(viewer.token) })).statusCode).toBe(400);
    // Another first character: a token that already began with x stayed valid (1 run in 64).
    const forged = viewer.token.replace(/./, (c) => (c === 'x' ? 'y' : 'x'));
    expect((await route(forged, '')).statusCode).toBe(401);
    const outsider = await newUser();
    expect((await route(outsider.token, '')).statusCode).toBe(403);
    expect((await s.app.inject({ url: '/sync/v1/visitors/pull?event_id=999999', headers: auth(viewer.token) })).statusCode).toBe(404);
  });
});

describe('visitors feed pages (visitor_revs)', () => {
  /** A viewer who has pulled the event, then one ticket handed from `from` to `to`. */
  async function handOverTicket() {
    const ev = (await createEvent(s.app.db, { is_free: false })).id;
    const viewer = await newUser();
    const from = await newUser();
    const to = await newUser();
    await checkIn(ev, viewer.id);
    const ticket = await createTicket(s.app.db, ev, from.id);
    const start = await pullAll(viewer, ev);
    expect(byUser(start.docs).get(from.id)).toMatchObject({ deleted: false });
    await s.app.db.updateTable('tickets').set({ user_id: to.id }).where('id', '=', ticket.id).execute();
    return { ev, viewer, from, to, checkpoint: start.checkpoint };
  }

  it('re-sends both people when a ticket moves from one to the other', async () => {
    const { ev, viewer, from, to, checkpoint } = await handOverTicket();
    const docs = byUser((await pullAll(viewer, ev, checkpoint)).docs);
    // The person who lost the ticket no longer takes part: their document changes to a tombstone.
    expect(docs.get(from.id)).toMatchObject({ deleted: true, first_name: '' });
    expect(docs.get(to.id)).toMatchObject({ deleted: false });
  });

  it('never ends a page between two people who share a rev, so the next page misses neither', async () => {
    // The handed-over ticket stamps both people with its one new rev.
    const { ev, viewer, from, to, checkpoint } = await handOverTicket();
    const first = await pull(viewer, ev, checkpoint, 1);
    expect(first.docs.map((d) => d.user_id).sort()).toEqual([from.id, to.id].sort());
    expect(new Set(first.docs.map((d) => d.rev)).size).toBe(1);
    expect((await pull(viewer, ev, first.checkpoint, 1)).docs).toEqual([]);
  });

  it('fills a first page to the limit even when hidden people sit between the shown ones', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const viewer = await newUser();
    await checkIn(ev, viewer.id);
    const shown: number[] = [viewer.id];
    for (let i = 0; i < 6; i++) {
      const hidden = await newUser({ show_status: 3 });
      await checkIn(ev, hidden.id);
      const visible = await newUser();
      await checkIn(ev, visible.id);
      shown.push(visible.id);
    }
    const first = await pull(viewer, ev, 0, 3);
    expect(first.docs).toHaveLength(3);
    expect(first.docs.every((d) => !d.deleted)).toBe(true);
    const all = await pullAll(viewer, ev, 0, 3);
    // Later pages may carry the hidden people as tombstones (a device past checkpoint 0 may hold them).
    expect(
      all.docs
        .filter((d) => !d.deleted)
        .map((d) => d.user_id)
        .sort((a, b) => a - b),
    ).toEqual([...shown].sort((a, b) => a - b));
    // Caught up: the next pull from the last checkpoint is empty.
    expect((await pull(viewer, ev, all.checkpoint, 3)).docs).toEqual([]);
  });
});

describe('relations feed', () => {
  async function pullRelations(user: TestUser | null, checkpoint = 0) {
    const page = await relationsFeed(s.app.db, { userId: user?.id ?? null, checkpoint, limit: 500, scope: {} });
    const docs = page.documents as Doc[];
    for (const d of docs) expect(Value.Check(RelationsCollection.schema, d), JSON.stringify(d)).toBe(true);
    return { docs, checkpoint: docs.at(-1)?.rev ?? checkpoint };
  }

  it("carries the user's likes and stars, including a like returned, and nothing when replayed", async () => {
    const a = await newUser();
    const b = await newUser();
    const at = new Date().toISOString();
    await send(a.token, [
      { id: `rel-like-${a.id}-01`, kind: 'visitor.like', payload: { user_id: b.id, status: 2 }, occurredAt: at },
      { id: `rel-star-${a.id}-01`, kind: 'visitor.favorite', payload: { user_id: b.id, favorite: true }, occurredAt: at },
    ]);
    const first = await pullRelations(a);
    expect(first.docs.at(-1)).toMatchObject({ id: String(b.id), user_id: b.id, like_status: 2, favorite: true, deleted: false });
    const bStart = await pullRelations(b);
    expect(bStart.docs).toEqual([]);

    // b likes back: both sides become 3, and a's document moves past a's checkpoint.
    await post('/api/user/like-user', { to_user_id: a.id, status: 2 }, b.token);
    expect((await pullRelations(b)).docs).toEqual([expect.objectContaining({ user_id: a.id, like_status: 3, favorite: false })]);
    const aNext = await pullRelations(a, first.checkpoint);
    expect(aNext.docs).toEqual([expect.objectContaining({ user_id: b.id, like_status: 3, favorite: true })]);

    // Replaying a's commands changes no rev.
    await send(a.token, [{ id: `rel-like-${a.id}-01`, kind: 'visitor.like', payload: { user_id: b.id, status: 2 }, occurredAt: at }]);
    expect((await pullRelations(a, aNext.checkpoint)).docs).toEqual([]);
    expect((await pullRelations(null)).docs).toEqual([]);
  });
});

describe('shared visitors pages', () => {
  /** The answer visitorsFeed (documents built in JavaScript for this viewer) stands for. */
  async function expected(viewer: TestUser, eventId: number, checkpoint: number, limit: number) {
    const page = await visitorsFeed(s.app.db, { userId: viewer.id, checkpoint, limit, scope: { event_id: String(eventId) } });
    return JSON.stringify({ documents: page.documents, checkpoint: page.documents.at(-1)?.rev ?? checkpoint });
  }
  const through = (cache: PageCache, viewer: TestUser, eventId: number, checkpoint: number, limit: number) =>
    visitorsFeedJson(s.app.db, { userId: viewer.id, checkpoint, limit, scope: { event_id: String(eventId) }, pages: cache });

  it('answers every participant from one page, each with their own fields, and a write at once', async () => {
    const cache = new PageCache(64 * 1024 * 1024);
    const ev = (await createEvent(s.app.db)).id;
    // Revs follow creation: `me` is the first row of the event's feed, `late` the last.
    const me = await newUser({ phone: '+380 44 000 00 01', hide_phone: true, show_email: false, hide_trip_plan: true, trip_status: 2 });
    await checkIn(ev, me.id);
    const others: TestUser[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await newUser({ company: `Company ${i}` });
      await checkIn(ev, u.id);
      others.push(u);
    }
    const late = await newUser();
    await checkIn(ev, late.id);
    const [o0, o1, o2] = others as [TestUser, TestUser, TestUser];

    // The first page (me, o0, o1) ends before o2's and late's own rows: theirs is the shared one.
    const a = await through(cache, o2, ev, 0, 3);
    const b = await through(cache, late, ev, 0, 3);
    expect(a.shared).toBeDefined();
    expect(b.shared).toBe(a.shared);
    expect(b.text).toBe(await expected(late, ev, 0, 3));
    expect(JSON.parse(b.text).documents[0]).toMatchObject({ user_id: me.id, phone: '', email: '', trip_status: 0 });

    // Their own document is in it for me and o0: the same page with what only they see of themselves.
    const mine = await through(cache, me, ev, 0, 3);
    expect(mine.shared).toBeUndefined();
    expect(mine.text).toBe(await expected(me, ev, 0, 3));
    expect(JSON.parse(mine.text).documents[0]).toMatchObject({ user_id: me.id, phone: '+380 44 000 00 01', email: me.email, trip_status: 2 });
    expect((await through(cache, o0, ev, 0, 3)).text).toBe(await expected(o0, ev, 0, 3));

    // A write to somebody in the page: the next pull, by anybody, sees it (o1 moves to the end).
    expect((await post('/api/profile/save', { company: 'Renamed' }, o1.token)).json().status_code).toBe(200);
    const after = await through(cache, late, ev, 0, 3);
    expect(after.text).toBe(await expected(late, ev, 0, 3));
    expect(JSON.parse(after.text).documents.map((d: Doc) => d.user_id)).toEqual([me.id, o0.id, o2.id]);
    expect((await through(cache, o2, ev, 0, 3)).text).toBe(await expected(o2, ev, 0, 3));
    const whole = await through(cache, o2, ev, 0, 500);
    expect(whole.text).toContain('"company":"Renamed"');
    expect(whole.text).toBe(await expected(o2, ev, 0, 500));

    // A write to somebody past the page moves the version too: the page is read again, equal.
    const before = await through(cache, late, ev, 0, 3);
    expect(before.shared).toBe(after.shared);
    expect((await post('/api/profile/save', { company: 'Elsewhere' }, late.token)).json().status_code).toBe(200);
    const again = await through(cache, late, ev, 0, 3);
    expect(again.shared).toBeDefined();
    expect(again.shared).not.toBe(after.shared);
    expect(again.text).toBe(after.text);

    // I hide (my row moves to the end): the others' first pull skips me; mine still holds me.
    expect((await post('/api/profile/save', { hide_from_visitors: true }, me.token)).json().status_code).toBe(200);
    const hidden = await through(cache, late, ev, 0, 500);
    expect(hidden.text).toBe(await expected(late, ev, 0, 500));
    expect(JSON.parse(hidden.text).documents.map((d: Doc) => d.user_id)).toEqual([o0.id, o2.id, o1.id, late.id]);
    const mineHidden = await through(cache, me, ev, 0, 500);
    expect(mineHidden.text).toBe(await expected(me, ev, 0, 500));
    expect(JSON.parse(mineHidden.text).documents.at(-1)).toMatchObject({ user_id: me.id, deleted: false, phone: '+380 44 000 00 01' });
    // Past a checkpoint others get my tombstone and I get my document.
    const cp = JSON.parse(b.text).checkpoint as number;
    expect((await through(cache, me, ev, 0, 500)).text).toBe(await expected(me, ev, 0, 500));
    expect((await through(cache, late, ev, 1, 500)).text).toBe(await expected(late, ev, 1, 500));
    expect((await through(cache, me, ev, 1, 500)).text).toBe(await expected(me, ev, 1, 500));
    expect((await through(cache, me, ev, cp, 500)).text).toBe(await expected(me, ev, cp, 500));
  });

  it('sends a shared page compressed once, as the compression plugin would, and plain to who asks so', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const people: TestUser[] = [];
    for (let i = 0; i < 6; i++) {
      const u = await newUser({ help: `A long enough text about what person ${i} can help with, so the page compresses. `.repeat(3) });
      await checkIn(ev, u.id);
      people.push(u);
    }
    const viewer = people.at(-1) as TestUser;
    const url = `/sync/v1/visitors/pull?event_id=${ev}&checkpoint=0&limit=3`;
    const ask = (headers: Record<string, string> = {}) => s.app.inject({ url, headers: { ...auth(viewer.token), ...headers } });
    const plain = await ask();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(await expected(viewer, ev, 0, 3));
    const br = await ask({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // The second brotli answer is the first one's bytes.
    expect((await ask({ 'accept-encoding': 'br' })).rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await ask({ 'accept-encoding': 'br;q=0.5, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const none = await ask({ 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });
});

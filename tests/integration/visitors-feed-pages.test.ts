import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import { PageCache } from '../../server/domain/feed/page-cache.ts';
import { visitorsFeed, visitorsFeedJson } from '../../server/domain/visitors/feed.ts';
import { s, auth, type Doc, type TestUser, newUser, checkIn, pull, pullAll, byUser, post, serveVisitorsFeedFiles } from './visitors-feed-helpers.ts';

serveVisitorsFeedFiles();

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

import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import { RelationsCollection } from '../../contract/visitors.ts';
import { relationsFeed } from '../../server/domain/visitors/feed.ts';
import { s, type Doc, type TestUser, newUser, checkIn, pull, pullAll, refusal, byUser, send, post, serveVisitorsFeedFiles } from './visitors-feed-helpers.ts';

serveVisitorsFeedFiles();

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { EventDoc } from '../../contract/entities.ts';
import { adminKit, auth, eventFields, type Person } from './admin-helpers.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { EventFields } from '../../contract/admin.ts';
import { ADMIN_COMMAND_KINDS } from '../../contract/commands.ts';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import { filesIn, ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';

/**
 * The organiser's admin area through the command path (server/domain/admin): events as drafts,
 * their fields, states and removal, and the team; every write refused to anybody who does not
 * organise the event, and drafts kept from every other device and every legacy call.
 */

let s: TestServer;
// Its own data directory: the cancellation emails are .eml files under it (no SMTP_URL).
const dataDir = ownDataDir('admin-events');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

const { person, send, join } = adminKit(() => s, dataDir);
const fields = eventFields;

async function pullEvents(who: Person | null): Promise<EventDoc[]> {
  const res = await s.app.inject({ method: 'GET', url: '/sync/v1/events/pull?checkpoint=0&limit=1000', headers: who ? auth(who.token) : {} });
  return res.json().documents;
}

async function newEvent(owner: Person, over: Partial<EventFields> = {}): Promise<number> {
  const r = await send(owner, 'event.create', { fields: fields(over) });
  expect(r.status).toBe('applied');
  return Number(r.ids![0]);
}

describe('event.create', () => {
  it('makes a draft that only its organisers pull, with the organisers part filled for them alone', async () => {
    const owner = await person();
    const other = await person();
    const id = await newEvent(owner, { name: 'Secret Draft Conf' });
    const mine = (await pullEvents(owner)).find((d) => d.event_id === id)!;
    expect(mine).toMatchObject({
      name: 'Secret Draft Conf',
      status: 'draft',
      deleted: false,
      city_name: 'Kyiv',
      city_id: 1,
      map_point: { set: true, lat: 46.48, lng: 30.72 },
    });
    expect(mine.admin.team).toEqual([expect.objectContaining({ user_id: owner.id, roles: ['organizer'], creator: true })]);
    for (const who of [other, null]) {
      const theirs = (await pullEvents(who)).find((d) => d.event_id === id)!;
      expect(theirs).toMatchObject({ deleted: true, name: '', description: '', admin: { team: [], stream_url: '' } });
    }
    const rel = await s.app.db.selectFrom('user_events').selectAll().where('event_id', '=', id).execute();
    expect(rel).toEqual([expect.objectContaining({ user_id: owner.id, is_owner: true, role: 'organizer' })]);
  });

  it('stores and shows Kyiv under its canonical name, and migration 059 renames stored ones', async () => {
    const owner = await person();
    const id = await newEvent(owner, { timezone: ' Europe/Kiev ' });
    const row = await s.app.db.selectFrom('events').select('timezone').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.timezone).toBe('Europe/Kyiv');
    expect((await pullEvents(owner)).find((d) => d.event_id === id)?.timezone).toBe('Europe/Kyiv');

    await s.app.db.updateTable('events').set({ timezone: 'Europe/Kiev' }).where('id', '=', id).execute();
    const migration = fs.readFileSync(path.join(import.meta.dirname, '../../server/db/migrations/059_canonical_timezones_people_count.sql'), 'utf8');
    await s.app.database.execScript(migration);
    const after = await s.app.db.selectFrom('events').select('timezone').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.timezone).toBe('Europe/Kyiv');
  });

  it('refuses bad fields with their codes and creates nothing', async () => {
    const owner = await person();
    const before = await s.app.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const start = fields().starts_at;
    const cases: [Partial<EventFields>, string][] = [
      [{ timezone: 'Mars/Olympus' }, 'invalid_timezone'],
      [{ ends_at: start - 60 }, 'event_time_order'],
      [{ ends_at: start }, 'event_time_order'],
      [{ stream_url: 'javascript:alert(1)', video_type: 1 }, 'invalid_url'],
      [{ broadcast_background: 'ftp://x.example/a.png' }, 'invalid_url'],
      [{ video_type: 1, stream_url: '' }, 'invalid_url'],
      [{ name: '   ' }, 'invalid_input'],
      [{ category_id: 999 }, 'invalid_input'],
    ];
    for (const [over, code] of cases)
      expect(await send(owner, 'event.create', { fields: fields(over) }), JSON.stringify(over)).toMatchObject({ status: 'rejected', code });
    expect(await send(owner, 'event.create', { fields: { ...fields(), name: 'x'.repeat(201) } })).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    const after = await s.app.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('event.update', () => {
  it('changes only the fields sent, so two organisers editing different fields both keep theirs', async () => {
    const owner = await person();
    const co = await person();
    const id = await newEvent(owner);
    await join(owner, id, { ...co, email: co.email.toUpperCase() }, 'organizer');
    expect(await send(owner, 'event.update', { event_id: id, fields: { name: 'Renamed by owner' } })).toMatchObject({ status: 'applied' });
    expect(await send(co, 'event.update', { event_id: id, fields: { description: 'Written by the co-organiser', city: 'Atlantis' } })).toMatchObject({
      status: 'applied',
    });
    const doc = (await pullEvents(co)).find((d) => d.event_id === id)!;
    expect(doc).toMatchObject({ name: 'Renamed by owner', description: 'Written by the co-organiser', city_name: 'Atlantis', city_id: 0 });
    // The end must stay after the start once the patch is merged with what is stored.
    expect(await send(co, 'event.update', { event_id: id, fields: { starts_at: doc.when_end + 60 } })).toMatchObject({
      status: 'rejected',
      code: 'event_time_order',
    });
  });
});

describe('event.status and event.delete', () => {
  it('publishes a draft to everybody, unpublishes it, cancels it and removes it', async () => {
    const owner = await person();
    const visitor = await person();
    const id = await newEvent(owner, { name: 'Published Later Expo' });
    const legacyList = async () =>
      (await s.app.inject({ method: 'GET', url: '/api/events/events-list?q=Published%20Later', headers: auth(visitor.token) })).json();
    const legacyOne = async () => (await s.app.inject({ method: 'GET', url: `/api/events/${id}`, headers: auth(visitor.token) })).json();
    expect(await legacyOne()).toMatchObject({ error: 'event_not_found' });
    expect(JSON.stringify(await legacyList())).not.toContain('Published Later Expo');

    expect(await send(owner, 'event.status', { event_id: id, status: 'published' })).toMatchObject({ status: 'applied' });
    expect((await pullEvents(visitor)).find((d) => d.event_id === id)).toMatchObject({
      name: 'Published Later Expo',
      status: 'published',
      deleted: false,
      admin: { team: [] },
    });
    expect(await legacyOne()).toMatchObject({ status_code: 200, data: { name: 'Published Later Expo' } });
    expect(JSON.stringify(await legacyList())).toContain('Published Later Expo');

    expect(await send(owner, 'event.status', { event_id: id, status: 'draft' })).toMatchObject({ status: 'applied' });
    expect((await pullEvents(visitor)).find((d) => d.event_id === id)).toMatchObject({ deleted: true, name: '' });

    expect(await send(owner, 'event.status', { event_id: id, status: 'cancelled' })).toMatchObject({ status: 'applied' });
    expect((await pullEvents(visitor)).find((d) => d.event_id === id)).toMatchObject({ status: 'cancelled', deleted: false });

    expect(await send(owner, 'event.delete', { event_id: id })).toMatchObject({ status: 'applied' });
    expect((await pullEvents(owner)).find((d) => d.event_id === id)).toMatchObject({ deleted: true });
    expect(await legacyOne()).toMatchObject({ error: 'event_removed', message: expect.stringMatching(/removed/i) });
    expect(await send(owner, 'event.update', { event_id: id, fields: { name: 'Back?' } })).toMatchObject({ status: 'rejected', code: 'event_removed' });
  });
});

describe('cancellation mail', () => {
  it("writes to everybody who takes part once the cancellation commits, in the canceller's language, once however often it is sent", async () => {
    const owner = await person();
    const holder = await person();
    const fan = await person();
    const id = await newEvent(owner, { name: 'Doomed Meetup' });
    await send(owner, 'event.status', { event_id: id, status: 'published' });
    await createTicket(s.app.db, id, holder.id);
    await s.app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: auth(fan.token),
      payload: {
        commands: [{ id: `fav-${randomUUID()}`, kind: 'event.favorite', payload: { event_id: id, favorite: true }, occurredAt: new Date().toISOString() }],
      },
    });
    const mailDir = path.join(dataDir, 'mail');
    const before = filesIn(mailDir);
    const cancelId = `cancel-${randomUUID()}`;
    expect(await send(owner, 'event.status', { event_id: id, status: 'cancelled' }, cancelId, 'uk')).toMatchObject({ status: 'applied' });
    const deadline = Date.now() + 20_000;
    let fresh: string[] = [];
    while (Date.now() < deadline) {
      fresh = filesIn(mailDir).filter((f) => !before.includes(f) && f.endsWith('.eml'));
      if (fresh.length >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const mails = fresh.map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'));
    const to = mails.map((m) => /^To: (.+)$/m.exec(m)?.[1]?.trim()).sort();
    expect(to).toEqual([holder.email, fan.email].sort());
    // Subject in Ukrainian (MIME-encoded words decode to "Скасовано: Doomed Meetup").
    for (const m of mails) expect(m).toMatch(/Subject: =\?UTF-8\?/);
    // A replay of the same command, or cancelling again, writes nothing more.
    expect(await send(owner, 'event.status', { event_id: id, status: 'cancelled' }, cancelId, 'uk')).toMatchObject({ status: 'applied' });
    expect(await send(owner, 'event.status', { event_id: id, status: 'cancelled' })).toMatchObject({ status: 'applied' });
    await new Promise((r) => setTimeout(r, 500));
    expect(filesIn(mailDir).filter((f) => !before.includes(f))).toHaveLength(2);
  });
});

describe('event.role', () => {
  it('names co-organisers, moderators and door staff, and keeps the creator an organiser', async () => {
    const owner = await person();
    const co = await person();
    const mod = await person();
    const door = await person();
    const id = await newEvent(owner);
    // Named by email, each accepts the mailed invitation (attacks-invitations.test.ts has the rules).
    await join(owner, id, co, 'organizer');
    // A co-organiser has the owner's rights, team included.
    await join(co, id, mod, 'moderator');
    await join(co, id, door, 'door');
    expect(await send(co, 'event.role', { event_id: id, who: { user_id: owner.id }, role: 'organizer', granted: false })).toMatchObject({
      status: 'rejected',
      code: 'event_creator_kept',
    });
    // An address nobody uses gets an invitation like any other, and nobody joins the team.
    expect(await send(owner, 'event.role', { event_id: id, who: { email: 'nobody-here@test.local' }, role: 'moderator', granted: true })).toMatchObject({
      status: 'applied',
    });

    // The new co-organiser's device is sent the draft it could not see before.
    const team = (await pullEvents(co)).find((d) => d.event_id === id)!.admin.team;
    expect(Object.fromEntries(team.map((m) => [m.user_id, m.roles]))).toEqual({
      [owner.id]: ['organizer'],
      [co.id]: ['organizer'],
      [mod.id]: ['moderator'],
      [door.id]: ['door'],
    });
    expect((await s.app.db.selectFrom('door_staff').select('user_id').where('event_id', '=', id).execute()).map((r) => r.user_id)).toEqual([door.id]);

    expect(await send(owner, 'event.role', { event_id: id, who: { user_id: co.id }, role: 'organizer', granted: false })).toMatchObject({ status: 'applied' });
    expect((await pullEvents(co)).find((d) => d.event_id === id)).toMatchObject({ deleted: true });
    expect(await send(co, 'event.update', { event_id: id, fields: { name: 'Not mine any more' } })).toMatchObject({
      status: 'rejected',
      code: 'organiser_required',
    });
  });
});

/** A write of every admin command kind beyond the event's own, valid but for the actor's right. */
function otherKindsOn(eventId: number): [string, unknown][] {
  const start = fields().starts_at;
  return [
    ['event.poster', { event_id: eventId, poster: '' }],
    ['schedule.day.set', { event_id: eventId, date: '2031-01-01', title: 'Day' }],
    ['schedule.day.remove', { event_id: eventId, date: '2031-01-01' }],
    ['schedule.track.set', { event_id: eventId, title: 'Hall' }],
    ['schedule.track.remove', { event_id: eventId, track: { id: 1 } }],
    ['schedule.track.order', { event_id: eventId, tracks: [{ id: 1 }] }],
    [
      'schedule.speech.set',
      {
        event_id: eventId,
        fields: { track: { id: 1 }, title: 'Talk', description: '', starts_at: start, ends_at: start + 1800, presentation_url: '', speakers: [] },
      },
    ],
    ['schedule.speech.remove', { event_id: eventId, speech: { id: 1 } }],
    ['meetings.settings.set', { event_id: eventId, settings: { slot_minutes: 15, tables: 4, windows: [], places: [] }, outside: 'cancel' }],
    ['meetings.categories.set', { event_id: eventId, categories: [{ name: 'Investor' }] }],
    ['stand.set', { event_id: eventId, fields: { name: 'Pirates', location: '', link: '', description: '', phone: '', email: '', logo: '', picture: '' } }],
    ['stand.remove', { event_id: eventId, stand: { id: 1 } }],
    ['stand.member.set', { event_id: eventId, stand: { id: 1 }, who: { user_id: 1 }, position: 'Boss', is_manager: true }],
    ['stand.member.remove', { event_id: eventId, stand: { id: 1 }, user_id: 1 }],
    ['people.invite.send', { event_id: eventId, email: 'friend@test.local', role: 'organizer' }],
    ['people.invite.remove', { event_id: eventId, email: 'friend@test.local' }],
  ];
}

describe('rights', () => {
  it('refuses every admin write to somebody who does not organise the event, a moderator and door staff included, and changes nothing', async () => {
    const owner = await person();
    const stranger = await person();
    const mod = await person();
    const id = await newEvent(owner);
    await join(owner, id, mod, 'moderator');
    const seeded = await createEvent(s.app.db);
    const snapshot = async () => s.app.db.selectFrom('events').selectAll().where('id', 'in', [id, seeded.id]).orderBy('id').execute();
    const before = await snapshot();
    const writes: [string, unknown][] = [
      ['event.update', { event_id: id, fields: { name: 'Hijacked' } }],
      ['event.status', { event_id: id, status: 'published' }],
      ['event.delete', { event_id: id }],
      ['event.role', { event_id: id, who: { user_id: stranger.id }, role: 'organizer', granted: true }],
      ['event.role', { event_id: id, who: { user_id: owner.id }, role: 'organizer', granted: false }],
      ['event.update', { event_id: seeded.id, fields: { name: 'Hijacked' } }],
      ['event.delete', { event_id: seeded.id }],
      ...otherKindsOn(id),
    ];
    // Every admin command kind but event.create (anybody may create an event) is tried.
    expect(new Set(writes.map(([kind]) => kind))).toEqual(new Set(ADMIN_COMMAND_KINDS.filter((k) => k !== 'event.create')));
    for (const who of [stranger, mod]) {
      for (const [kind, payload] of writes)
        expect(await send(who, kind, payload), `${kind} ${JSON.stringify(payload)}`).toMatchObject({ status: 'rejected', code: 'organiser_required' });
    }
    expect(await snapshot()).toEqual(before);
    expect(await send(stranger, 'event.update', { event_id: 999999, fields: { name: 'x' } })).toMatchObject({ status: 'rejected', code: 'event_not_found' });
    // Without a session, nothing is even read.
    const anon = await s.app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      payload: { commands: [{ id: 'anon-admin-1', kind: 'event.delete', payload: { event_id: id }, occurredAt: new Date().toISOString() }] },
    });
    expect(anon.statusCode).toBe(401);
  });
});

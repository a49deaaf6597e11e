import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/domain/auth/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, findDemoAccounts, findDemoEvents } from '../../server/db/seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { runSeed, HOUR, NOW, digest, one, counterMismatches, consistency } from './seed-helpers.ts';

describe('demo seed', () => {
  let a: TestDatabase;
  beforeAll(async () => {
    a = await createTestDatabase();
    expect(await runSeed(a, 'demo', { now: NOW })).toBe('demo');
  });
  afterAll(async () => a?.dispose());

  it('has events online and in person, past, running and future, in several categories, cities and currencies', async () => {
    const events = await a.db.selectFrom('events').selectAll().execute();
    expect(events.length).toBeGreaterThanOrEqual(6);
    const now = NOW.getTime();
    expect(events.some((e) => e.is_webinar)).toBe(true);
    expect(events.some((e) => !e.is_webinar)).toBe(true);
    expect(events.some((e) => e.ends_at.getTime() <= now)).toBe(true);
    expect(events.some((e) => e.starts_at.getTime() <= now && now < e.ends_at.getTime())).toBe(true);
    expect(events.some((e) => e.starts_at.getTime() > now)).toBe(true);
    expect(new Set(events.map((e) => e.currency.trim())).size).toBeGreaterThanOrEqual(3);
    expect(new Set(events.map((e) => e.category_id)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(events.map((e) => e.timezone)).size).toBeGreaterThanOrEqual(3);
    expect(events.some((e) => e.is_free)).toBe(true);
    for (const e of events.filter((x) => x.is_webinar)) {
      expect(e.video_type).toBe(1);
      expect(e.webinar_link).toMatch(/^\/live\//);
    }
    for (const e of events) {
      expect(e.options.menu.length).toBeGreaterThan(0);
      expect(e.company_id).not.toBeNull();
      expect(e.description.split('\n\n').length).toBeGreaterThanOrEqual(1);
    }
    const perEvent = await sql<{ days: number; tracks: number; design: number; settings: number; webinar: boolean; stands: number }>`
      SELECT (SELECT count(*)::int FROM schedule_days d WHERE d.event_id = e.id) AS days,
             (SELECT count(*)::int FROM tracks t WHERE t.event_id = e.id) AS tracks,
             (SELECT count(*)::int FROM ticket_designs d WHERE d.event_id = e.id) AS design,
             (SELECT count(*)::int FROM meeting_settings m WHERE m.event_id = e.id) AS settings,
             (SELECT count(*)::int FROM companies c WHERE c.event_id = e.id) AS stands,
             e.is_webinar AS webinar
      FROM events e`.execute(a.db);
    for (const r of perEvent.rows) {
      expect(r.days).toBeGreaterThanOrEqual(1);
      expect(r.tracks).toBeGreaterThanOrEqual(1);
      expect(r.tracks).toBeLessThanOrEqual(3);
      expect(r.design).toBe(1);
      expect(r.settings).toBe(1);
    }
    expect(perEvent.rows.some((r) => !r.webinar && r.stands > 0)).toBe(true);
  });

  it('has 300+ visitors with full profiles from several countries and cities', async () => {
    const accounts = Object.values(DEMO_ACCOUNTS);
    const visitors = await a.db.selectFrom('users').selectAll().where('email', 'not in', accounts).execute();
    expect(visitors.length).toBeGreaterThanOrEqual(300);
    expect(new Set(visitors.map((u) => u.country_code)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(visitors.map((u) => u.city_id)).size).toBeGreaterThanOrEqual(6);
    for (const u of visitors) {
      expect(u.email).toMatch(/^[a-z]+\.[a-z]+\.\d+@demo\.test$/);
      expect(u.first_name && u.last_name && u.position).toBeTruthy();
      expect([1, 2]).toContain(u.sex);
      expect(u.hobby).toMatch(/^([1-7](,[1-7])*)?$/);
    }
    expect(new Set(visitors.map((u) => u.trip_status))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(visitors.some((u) => u.hide_from_visitors) && visitors.some((u) => u.hide_phone) && visitors.some((u) => u.show_email)).toBe(true);
    expect(visitors.some((u) => u.avatar === '') && visitors.some((u) => u.avatar.startsWith('/files/avatars/'))).toBe(true);
  });

  it('has appointments in every status, past and future', async () => {
    const r = await one(
      a.db,
      sql<Record<string, number>>`SELECT
      count(*) FILTER (WHERE response IS NULL)::int AS pending,
      count(*) FILTER (WHERE response = 1)::int AS accepted,
      count(*) FILTER (WHERE response = 3 AND canceled_by IS NULL)::int AS rejected,
      count(*) FILTER (WHERE response = 3 AND canceled_by IS NOT NULL)::int AS canceled,
      count(*) FILTER (WHERE response IS NULL AND starts_at < ${NOW}::timestamptz)::int AS too_late,
      count(*) FILTER (WHERE any_time)::int AS any_time,
      count(*) FILTER (WHERE starts_at < ${NOW}::timestamptz)::int AS past,
      count(*) FILTER (WHERE starts_at > ${NOW}::timestamptz)::int AS future,
      count(*) FILTER (WHERE table_num IS NOT NULL)::int AS at_tables,
      count(*) FILTER (WHERE place IS NOT NULL)::int AS at_places
      FROM appointments`,
    );
    for (const [k, n] of Object.entries(r)) expect(n, k).toBeGreaterThan(0);
  });

  it('keeps meetings, schedule, chat and relations consistent', async () => {
    const violations = await consistency(a.db);
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((k) => [k, 0])));
    const chat = await one(
      a.db,
      sql<Record<string, number>>`SELECT
      (SELECT count(*)::int FROM chat_comments) AS comments, (SELECT count(*)::int FROM comment_likes) AS likes,
      (SELECT count(*)::int FROM chat_blocks) AS blocks, (SELECT count(*)::int FROM chat_comments WHERE deleted) AS deleted,
      (SELECT count(*)::int FROM messages) AS messages, (SELECT count(*)::int FROM friends) AS friends,
      (SELECT count(*)::int FROM trips) AS trips, (SELECT count(*)::int FROM stand_members WHERE is_manager) AS managers,
      (SELECT count(DISTINCT like_status)::int FROM user_relations) AS like_kinds,
      (SELECT count(*)::int FROM user_relations WHERE favorite) AS favorite_people,
      (SELECT count(*)::int FROM companies WHERE event_id IS NOT NULL AND description = '') AS bare_stands,
      (SELECT count(*)::int FROM speeches WHERE presentation_url = '') AS without_slides,
      (SELECT count(*)::int FROM speeches WHERE presentation_url <> '') AS with_slides`,
    );
    for (const [k, n] of Object.entries(chat)) expect(n, k).toBeGreaterThan(0);
    expect(chat.blocks).toBe(1);
    expect(chat.like_kinds).toBe(3);
  });

  it('stores counters on events that equal the rows they count', async () => {
    expect(await counterMismatches(a.db)).toEqual([]);
    const totals = await one(
      a.db,
      sql<{ people: number; meetings: number }>`SELECT sum(total_people)::int AS people, sum(meetings_count)::int AS meetings FROM events`,
    );
    expect(totals.people).toBeGreaterThan(300);
    expect(totals.meetings).toBeGreaterThan(50);
  });

  it('gives the demo accounts what the demo promises', async () => {
    const acc = await findDemoAccounts(a.db);
    const users = await a.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'password_hash'])
      .where('id', 'in', Object.values(acc))
      .execute();
    for (const u of users) {
      expect(u.first_name.length > 0 && u.last_name.length > 0).toBe(true);
      expect(await verifyPassword(u.password_hash, DEMO_PASSWORD), u.email).toBe(true);
    }
    expect(await verifyPassword(users[0]!.password_hash, 'wrong-password')).toBe(false);

    const { inPerson, online } = await findDemoEvents(a.db);
    expect(online).not.toBeNull();
    const demo = await a.db.selectFrom('events').selectAll().where('id', 'in', [inPerson, online!]).execute();
    const live = demo.find((e) => e.id === inPerson)!;
    const web = demo.find((e) => e.id === online)!;
    expect(live.is_webinar).toBe(false);
    expect(live.starts_at.getTime()).toBeLessThanOrEqual(NOW.getTime() - HOUR);
    expect(live.ends_at.getTime()).toBeGreaterThanOrEqual(NOW.getTime() + 3 * HOUR);
    expect(web.is_webinar).toBe(true);
    expect(web.starts_at.getTime()).toBeLessThan(NOW.getTime() + 24 * HOUR);
    expect(web.ends_at.getTime()).toBeGreaterThan(NOW.getTime());

    const owned = await a.db.selectFrom('user_events').selectAll().where('user_id', '=', acc.owner).execute();
    expect(owned).toHaveLength(
      await a.db
        .selectFrom('events')
        .select('id')
        .execute()
        .then((r) => r.length),
    );
    expect(owned.every((r) => r.is_owner && r.is_moderator && r.role === 'organizer')).toBe(true);

    for (const who of [acc.anna, acc.bohdan]) {
      for (const eventId of [inPerson, online!]) {
        const ticket = await a.db.selectFrom('tickets').selectAll().where('user_id', '=', who).where('event_id', '=', eventId).executeTakeFirstOrThrow();
        expect(ticket.status === 'valid' && !ticket.invalid).toBe(true);
        const ue = await a.db.selectFrom('user_events').selectAll().where('user_id', '=', who).where('event_id', '=', eventId).executeTakeFirstOrThrow();
        expect(ue.checked_in).toBe(true);
      }
      const mine = await a.db
        .selectFrom('appointments')
        .selectAll()
        .where((eb) => eb.or([eb('from_user_id', '=', who), eb('to_user_id', '=', who)]))
        .execute();
      expect(mine.length).toBeGreaterThanOrEqual(5);
      expect(new Set(mine.map((m) => (m.response === 3 && m.canceled_by ? 'canceled' : String(m.response)))).size).toBe(4);
      const favorites = await a.db.selectFrom('user_events').select('event_id').where('user_id', '=', who).where('is_favorite', '=', true).execute();
      expect(favorites.length).toBeGreaterThanOrEqual(1);
    }
    const together = await a.db
      .selectFrom('appointments')
      .selectAll()
      .where('response', '=', 1)
      .where((eb) =>
        eb.or([
          eb.and([eb('from_user_id', '=', acc.anna), eb('to_user_id', '=', acc.bohdan)]),
          eb.and([eb('from_user_id', '=', acc.bohdan), eb('to_user_id', '=', acc.anna)]),
        ]),
      )
      .execute();
    expect(together.some((m) => m.event_id === inPerson && m.starts_at!.getTime() > NOW.getTime())).toBe(true);
    const dialog = await a.db
      .selectFrom('dialogs')
      .select('id')
      .where('user_a', '=', Math.min(acc.anna, acc.bohdan))
      .where('user_b', '=', Math.max(acc.anna, acc.bohdan))
      .executeTakeFirstOrThrow();
    const messages = await a.db.selectFrom('messages').select(['sender_id']).where('dialog_id', '=', dialog.id).execute();
    expect(new Set(messages.map((m) => m.sender_id))).toEqual(new Set([acc.anna, acc.bohdan]));

    expect(await a.db.selectFrom('tickets').select('id').where('user_id', '=', acc.olena).execute()).toEqual([]);
    expect(await a.db.selectFrom('user_events').select('event_id').where('user_id', '=', acc.olena).where('checked_in', '=', true).execute()).toEqual([]);

    const stand = await a.db
      .selectFrom('stand_members as sm')
      .innerJoin('companies as c', 'c.id', 'sm.company_id')
      .select(['c.event_id', 'sm.is_manager'])
      .where('sm.user_id', '=', acc.manager)
      .executeTakeFirstOrThrow();
    expect(stand).toEqual({ event_id: inPerson, is_manager: true });
  });

  it('leaves a seeded database alone', async () => {
    const before = await digest(a.db, true);
    expect(await runSeed(a, 'demo')).toBeUndefined();
    expect(await runSeed(a, 'scale:50')).toBeUndefined();
    expect(await digest(a.db, true)).toEqual(before);
  });

  it('seeds the same content on two fresh databases, and the same apart from dates at another hour', async () => {
    const expected = await digest(a.db, true);
    const b = await createTestDatabase();
    try {
      await runSeed(b, 'demo', { now: NOW });
      expect(await digest(b.db, true)).toEqual(expected);
    } finally {
      await b.dispose();
    }
    // Three days later: other dates, same people and choices. The same hour of the day: an event
    // running now is split at the venue's midnight when seeded in the evening, so its programme
    // depends on the hour (server/db/seed/events.ts eventDays).
    const c = await createTestDatabase();
    try {
      await runSeed(c, 'demo', { now: new Date(NOW.getTime() + 72 * HOUR) });
      expect(await digest(c.db, false)).toEqual(await digest(a.db, false));
    } finally {
      await c.dispose();
    }
    // Two more fresh PGlite databases, each opened, migrated and seeded: minutes on a loaded machine.
  }, 240_000);
});

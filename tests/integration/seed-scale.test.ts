import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, findDemoAccounts, findDemoEvents } from '../../server/db/seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { runSeed, NOW, one, counterMismatches, consistency } from './seed-helpers.ts';

describe('scale seed', () => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase();
  });
  afterAll(async () => d?.dispose());

  it('seeds nothing in mode none', async () => {
    expect(await runSeed(d, 'none')).toBeUndefined();
    expect(await d.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('seeds one in-person event running now with N visitors, their chat and meetings', async () => {
    expect(await runSeed(d, 'scale:500', { now: NOW })).toBe('scale:500');
    const events = await d.db.selectFrom('events').selectAll().execute();
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.is_webinar).toBe(false);
    expect(event.starts_at.getTime() <= NOW.getTime() && NOW.getTime() < event.ends_at.getTime()).toBe(true);
    expect(await findDemoEvents(d.db)).toEqual({ inPerson: event.id, online: null });

    const accounts = Object.values(DEMO_ACCOUNTS);
    const r = await one(
      d.db,
      sql<Record<string, number>>`SELECT
      (SELECT count(*)::int FROM users WHERE email NOT IN (${sql.join(accounts)})) AS visitors,
      (SELECT count(*)::int FROM user_events ue JOIN users u ON u.id = ue.user_id WHERE u.email NOT IN (${sql.join(accounts)})) AS taking_part,
      (SELECT count(*)::int FROM chat_comments) AS comments,
      (SELECT count(*)::int FROM appointments) AS appointments,
      (SELECT count(DISTINCT coalesce(response, 0) * 10 + (canceled_by IS NOT NULL)::int)::int FROM appointments) AS statuses`,
    );
    expect(r.visitors).toBe(500);
    expect(r.taking_part).toBe(500);
    expect(r.comments).toBeGreaterThanOrEqual(90);
    expect(r.comments).toBeLessThanOrEqual(110);
    expect(r.appointments).toBeGreaterThanOrEqual(140);
    expect(r.appointments).toBeLessThanOrEqual(170);
    expect(r.statuses).toBe(4);

    const acc = await findDemoAccounts(d.db);
    for (const who of [acc.anna, acc.bohdan]) {
      const ticket = await d.db.selectFrom('tickets').select(['status', 'invalid']).where('user_id', '=', who).executeTakeFirstOrThrow();
      expect(ticket).toEqual({ status: 'valid', invalid: false });
    }
    const owner = await d.db.selectFrom('user_events').selectAll().where('user_id', '=', acc.owner).executeTakeFirstOrThrow();
    expect(owner.is_owner && owner.is_moderator).toBe(true);

    expect(await counterMismatches(d.db)).toEqual([]);
    const violations = await consistency(d.db);
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((k) => [k, 0])));
  });
});

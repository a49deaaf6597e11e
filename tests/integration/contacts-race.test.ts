import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../fixtures/factories.ts';
import { raceStage } from '../fixtures/race-stage.ts';

/**
 * Meet by QR under races (issue 31): 20 pairs scan each other at the same moment, each person's
 * scan sent twice, through two server instances on one PostgreSQL database, as two phones coming
 * back online together would. Every person ends with exactly one contact, the other, and both of a
 * pair hold the same meeting time. Always PostgreSQL: an embedded PGlite belongs to one process.
 */

const stage = raceStage();
const PAIRS = 20;

type Person = { id: number; token: string };
const post = stage.call;

describe('pairs scanning each other at once on two instances', () => {
  it('leave each person with the other exactly once, met at one time', async () => {
    const urls = stage.urls();
    const event = await createEvent(stage.db(), { name: 'Race Hall' });
    const people: Person[] = [];
    for (let i = 0; i < PAIRS * 2; i++) {
      const p = await stage.person();
      const joined = await post(urls[0]!, p, '/sync/v1/commands', {
        commands: [{ id: `join-${randomUUID()}`, kind: 'event.checkin', payload: { event_id: event.id }, occurredAt: new Date().toISOString() }],
      });
      expect(joined.results[0].status).toBe('applied');
      people.push(p);
    }
    const codes = await Promise.all(people.map(async (p) => (await post(urls[0]!, p, '/api/contacts/code')).data.code as string));

    const sends = people.flatMap((p, i) => {
      const other = i % 2 === 0 ? i + 1 : i - 1;
      const command = {
        id: `scan-${randomUUID()}`,
        kind: 'contact.scan',
        payload: { code: codes[other], event_id: event.id, context: 'meet' },
        occurredAt: new Date().toISOString(),
      };
      // The same scan sent to both instances, as a phone that lost the first answer would resend it.
      return urls.map((url) => post(url, p, '/sync/v1/commands', { commands: [command] }));
    });
    const answers = await Promise.all(sends);
    for (const a of answers) expect(a.results[0]).toMatchObject({ status: 'applied' });

    const rows = await sql<{ user_id: number; target_user_id: number; met: string }>`
      SELECT user_id, target_user_id, contact_at::text AS met FROM user_relations
      WHERE user_id = ANY(${people.map((p) => p.id)}) AND contact_at IS NOT NULL`.execute(stage.db());
    expect(rows.rows).toHaveLength(PAIRS * 2);
    const met = new Map(rows.rows.map((r) => [`${r.user_id}:${r.target_user_id}`, r.met]));
    for (let i = 0; i < people.length; i += 2) {
      const [a, b] = [people[i]!, people[i + 1]!];
      expect(met.get(`${a.id}:${b.id}`)).toBeDefined();
      expect(met.get(`${a.id}:${b.id}`)).toBe(met.get(`${b.id}:${a.id}`));
    }
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../fixtures/factories.ts';
import { raceStage } from '../fixtures/race-stage.ts';

/**
 * Leads at the stand under races (issue 31): a stand's three members scan the same 15 visitors at
 * the same moment, each scan sent to both of two server instances on one PostgreSQL database, as
 * three phones coming back online together would. Each visitor is the stand's lead exactly once,
 * scanned by one of the members. Always PostgreSQL: an embedded PGlite belongs to one process.
 */

const stage = raceStage();
const VISITORS = 15;
const MEMBERS = 3;

type Person = { id: number; token: string };
const post = stage.call;

describe('members scanning the same visitors at once on two instances', () => {
  it('leave each visitor the stand’s lead exactly once', async () => {
    const urls = stage.urls();
    const event = await createEvent(stage.db(), { name: 'Race Expo' });
    const stand = await stage.db().insertInto('companies').values({ name: 'Race Stand', event_id: event.id }).returning('id').executeTakeFirstOrThrow();
    const members: Person[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await stage.person());
    await stage
      .db()
      .insertInto('stand_members')
      .values(members.map((m, i) => ({ company_id: stand.id, user_id: m.id, is_manager: i === 0, sort: i })))
      .execute();
    const visitors: Person[] = [];
    for (let i = 0; i < VISITORS; i++) visitors.push(await stage.person());
    const codes = await Promise.all(visitors.map(async (v) => (await post(urls[0]!, v, '/api/contacts/code')).data.code as string));

    const sends = members.flatMap((m) =>
      codes.flatMap((code) => {
        const command = { id: `lead-${randomUUID()}`, kind: 'lead.scan', payload: { code, company_id: stand.id }, occurredAt: new Date().toISOString() };
        return urls.map((url) => post(url, m, '/sync/v1/commands', { commands: [command] }));
      }),
    );
    for (const a of await Promise.all(sends)) expect(a.results[0]).toMatchObject({ status: 'applied' });

    const rows = await sql<{ user_id: number; scanned_by: number }>`
      SELECT user_id, scanned_by FROM stand_leads WHERE company_id = ${stand.id} AND card IS NOT NULL`.execute(stage.db());
    expect(rows.rows.map((r) => r.user_id).sort((a, b) => a - b)).toEqual(visitors.map((v) => v.id).sort((a, b) => a - b));
    for (const r of rows.rows) expect(members.map((m) => m.id)).toContain(r.scanned_by);
  }, 120_000);
});

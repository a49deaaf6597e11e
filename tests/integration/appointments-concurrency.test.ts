import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { TEST_DB_KIND } from '../fixtures/db.ts';
import { createMeetingEvent, createUser } from '../fixtures/factories.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';
import { constraintError } from '../../server/domain/appointments/repository.ts';

/**
 * The booking rules under load. First over real HTTP against a listening server: 50 simultaneous
 * create-meeting calls for one slot give exactly one meeting (or as many as there are tables), and
 * every other caller gets the catalogue's message. Then with raw SQL transactions that bypass the
 * services and their checks altogether, on PostgreSQL 50 connections at once: only the database's
 * constraints stand between them and a double booking, so this proves the constraints hold, not the
 * service's lock. On PGlite (one connection) the same raw inserts run one after another.
 */

let s: TestServer & { url: string };
beforeAll(async () => {
  s = await startTestServer({ listen: true });
});
afterAll(async () => s?.close());

const N = 50;
const KYIV = 'Europe/Kyiv';
const D = addDays(localDateOf(Math.floor(Date.now() / 1000), KYIV), 2);
const at = (time: string) => zonedToUnix(D, time, KYIV);

interface Person {
  id: number;
  token: string;
}

const newEvent = (tables: number, places: Record<string, string> = {}) => createMeetingEvent(s.app.db, D, { tables, places });

async function people(eventId: number, n: number): Promise<Person[]> {
  const out: Person[] = [];
  for (let i = 0; i < n; i++) {
    const u = await createUser(s.app.db);
    await s.app.db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true }).execute();
    out.push({ id: u.id, token: await createSession(s.app.db, u.id) });
  }
  return out;
}

/** Fires every request at once over HTTP and returns the envelopes. */
async function createAll(eventId: number, pairs: [Person, Person][], time: string | null) {
  const bodies = await Promise.all(
    pairs.map(async ([from, to]) => {
      const res = await fetch(`${s.url}/api/meetings/create-meeting`, {
        method: 'POST',
        headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event_id: eventId, user_id: to.id, date: D, comment: '', any_time: time === null, ...(time ? { time_start: at(time) } : {}) }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { status_code: number; error?: string };
    }),
  );
  const tally: Record<string, number> = {};
  for (const b of bodies) {
    const key = b.status_code === 200 ? 'ok' : (b.error ?? String(b.status_code));
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

async function openMeetings(eventId: number) {
  return s.app.db
    .selectFrom('appointments')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('response', 'is', null), eb('response', '=', 1)]))
    .execute();
}

describe(`${N} simultaneous create-meeting calls over HTTP (${TEST_DB_KIND})`, () => {
  it('for one person in one slot: one meeting, everybody else "This appointment time is unavailable."', async () => {
    const ev = await newEvent(10);
    const [target, ...askers] = await people(ev, N + 1);
    expect(
      await createAll(
        ev,
        askers.map((a) => [a, target!]),
        '10:00',
      ),
    ).toEqual({ ok: 1, appointment_time_unavailable: N - 1 });
    const open = await openMeetings(ev);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ to_user_id: target!.id, table_num: 1 });
  });

  it('from one person to fifty in one slot: one meeting, the rest "You have appointment at this time"', async () => {
    const ev = await newEvent(N + 5);
    const [asker, ...targets] = await people(ev, N + 1);
    expect(
      await createAll(
        ev,
        targets.map((t) => [asker!, t]),
        '10:15',
      ),
    ).toEqual({ ok: 1, appointment_conflict_mine: N - 1 });
    expect(await openMeetings(ev)).toHaveLength(1);
  });

  it('between one pair: one request, the rest "Appointment with this user exists already."', async () => {
    const ev = await newEvent(2);
    const [a, b] = await people(ev, 2);
    expect(
      await createAll(
        ev,
        Array.from({ length: N }, () => [a!, b!] as [Person, Person]),
        null,
      ),
    ).toEqual({ ok: 1, appointment_exists: N - 1 });
    expect(await openMeetings(ev)).toHaveLength(1);
  });

  it('fifty pairs for two tables: two meetings at tables 1 and 2, the rest unavailable', async () => {
    const ev = await newEvent(2);
    const p = await people(ev, 2 * N);
    const pairs = Array.from({ length: N }, (_, i) => [p[2 * i]!, p[2 * i + 1]!] as [Person, Person]);
    expect(await createAll(ev, pairs, '10:30')).toEqual({ ok: 2, appointment_time_unavailable: N - 2 });
    expect((await openMeetings(ev)).map((m) => m.table_num).sort()).toEqual([1, 2]);
  });
});

describe(`raw transactions that bypass the services (${TEST_DB_KIND})`, () => {
  interface Row {
    from: number;
    to: number;
    start: string | null;
    table: number | null;
  }

  /** Inserts each row in its own transaction, all at once; returns each outcome. */
  async function insertAll(eventId: number, rows: Row[]): Promise<({ ok: true } | { ok: false; err: Error & { code?: string; constraint?: string } })[]> {
    const insert = (r: Row) => ({
      text: `INSERT INTO appointments (event_id, from_user_id, to_user_id, date, starts_at, ends_at, any_time, where_type, table_num, where_text)
             VALUES ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz + interval '15 minutes', $6, $7, $8, '')`,
      values: [eventId, r.from, r.to, D, r.start, r.start === null, r.table === null ? null : 1, r.table],
    });
    if (TEST_DB_KIND === 'postgres') {
      const clients = await Promise.all(
        rows.map(async () => {
          const c = new pg.Client({ connectionString: s.database.url });
          await c.connect();
          return c;
        }),
      );
      try {
        // Every transaction is open before any of them inserts, so they truly overlap.
        await Promise.all(clients.map((c) => c.query('BEGIN')));
        return await Promise.all(
          clients.map(async (c, i) => {
            try {
              const q = insert(rows[i]!);
              await c.query(q.text, q.values);
              await c.query('COMMIT');
              return { ok: true as const };
            } catch (err) {
              await c.query('ROLLBACK');
              return { ok: false as const, err: err as Error };
            }
          }),
        );
      } finally {
        await Promise.all(clients.map((c) => c.end()));
      }
    }
    return Promise.all(
      rows.map(async (r) => {
        try {
          const q = insert(r);
          await s.app.db.transaction().execute((trx) => sql.raw(q.text.replace(/\$(\d)/g, (_, n) => lit(q.values[Number(n) - 1]))).execute(trx));
          return { ok: true as const };
        } catch (err) {
          return { ok: false as const, err: err as Error };
        }
      }),
    );
  }

  /** A literal for the PGlite path, which runs the statement text itself (numbers, dates, null, booleans only). */
  function lit(v: unknown): string {
    if (v === null) return 'NULL';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `'${String(v).replace(/'/g, "''")}'`;
  }

  const slot = (time: string) => new Date(at(time) * 1000).toISOString();

  it('keeps a person out of two open meetings at once, in the same slot or overlapping it', async () => {
    const ev = await newEvent(0, { '1': 'Lounge' });
    const [target, ...askers] = await people(ev, N + 1);
    const rows = askers.map((a, i) => ({
      from: a.id,
      to: target!.id,
      start: i % 2 ? slot('11:00') : new Date(at('11:00') * 1000 + 5 * 60_000).toISOString(),
      table: null,
    }));
    const outcomes = await insertAll(ev, rows);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const failures = outcomes.flatMap((o, i) => (o.ok ? [] : [{ err: o.err, actor: rows[i]!.from }]));
    expect(new Set(failures.map((f) => `${f.err.code}:${f.err.constraint}`))).toEqual(new Set(['23P01:appointment_people_no_overlap']));
    // Mapped for the requester: the other person is busy.
    expect(new Set(failures.map((f) => constraintError(f.err, f.actor)?.code))).toEqual(new Set(['appointment_time_unavailable']));
    expect(await openMeetings(ev)).toHaveLength(1);
  });

  it('keeps one person from holding two meetings: mapped to "You have appointment at this time"', async () => {
    const ev = await newEvent(0, { '1': 'Lounge' });
    const [asker, ...targets] = await people(ev, N + 1);
    const rows = targets.map((t) => ({ from: asker!.id, to: t.id, start: slot('11:15'), table: null }));
    const outcomes = await insertAll(ev, rows);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const codes = outcomes.flatMap((o) => (o.ok ? [] : [constraintError(o.err, asker!.id)?.code]));
    expect(codes).toEqual(Array(N - 1).fill('appointment_conflict_mine'));
  });

  it('keeps a table to one meeting per slot', async () => {
    const ev = await newEvent(1);
    const p = await people(ev, 2 * N);
    const rows = Array.from({ length: N }, (_, i) => ({ from: p[2 * i]!.id, to: p[2 * i + 1]!.id, start: slot('11:30'), table: 1 }));
    const outcomes = await insertAll(ev, rows);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(new Set(outcomes.flatMap((o) => (o.ok ? [] : [`${o.err.constraint}:${constraintError(o.err, 0)?.code}`])))).toEqual(
      new Set(['appointments_table_free:appointment_time_unavailable']),
    );
  });

  it('keeps a pair to one open appointment per event', async () => {
    const ev = await newEvent(1);
    const [a, b] = await people(ev, 2);
    const rows = Array.from({ length: N }, (_, i) => ({ from: i % 2 ? a!.id : b!.id, to: i % 2 ? b!.id : a!.id, start: null, table: null }));
    const outcomes = await insertAll(ev, rows);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(new Set(outcomes.flatMap((o) => (o.ok ? [] : [`${o.err.code}:${constraintError(o.err, a!.id)?.code}`])))).toEqual(
      new Set(['23505:appointment_exists']),
    );
    // A closed appointment does not count: after it is rejected the pair may meet again.
    await sql`UPDATE appointments SET response = 3 WHERE event_id = ${ev}`.execute(s.app.db);
    expect((await insertAll(ev, [rows[0]!]))[0]!.ok).toBe(true);
  });

  it('frees people and tables when a meeting is closed or removed, and blocks them again when reopened', async () => {
    const ev = await newEvent(1);
    const [a, b, c] = await people(ev, 3);
    expect((await insertAll(ev, [{ from: a!.id, to: b!.id, start: slot('11:45'), table: 1 }]))[0]!.ok).toBe(true);
    const [first] = await openMeetings(ev);
    await s.app.db.updateTable('appointments').set({ response: 3 }).where('id', '=', first!.id).execute();
    expect((await insertAll(ev, [{ from: c!.id, to: b!.id, start: slot('11:45'), table: 1 }]))[0]!.ok).toBe(true);
    // Reopening the first would put b (and table 1) in two meetings.
    await expect(s.app.db.updateTable('appointments').set({ response: null }).where('id', '=', first!.id).execute()).rejects.toMatchObject({ code: '23P01' });
    await s.app.db.updateTable('appointments').set({ deleted: true }).where('event_id', '=', ev).where('id', '<>', first!.id).execute();
    await s.app.db.updateTable('appointments').set({ response: 1 }).where('id', '=', first!.id).execute();
    expect(await openMeetings(ev)).toEqual([expect.objectContaining({ id: first!.id, response: 1 })]);
  });
});

/**
 * `npm run bench:expensive-burst`: the security review's load attack on expensive calls. One user
 * fires BENCH_BURST (300) concurrent ticket-PDF downloads over HTTP while /healthz is polled every
 * 100 ms; then the same user fires as many concurrent visitor searches. Run twice in this process:
 * with the per-user budgets of contract/constants.ts, and with budgets too large to matter (the
 * server as it was before them). Prints how many were served and refused, how long the burst took,
 * and /healthz latency during it. Prints figures; never asserts.
 *
 * Database: PGlite in memory, or DATABASE_URL (a PostgreSQL database it may write to).
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { createSession } from '../server/domain/auth/sessions.ts';
import { benchEvent, benchPeople, startInProcessApp } from './lib/in-process.ts';
import type { LimitOverrides } from '../server/limits/index.ts';
import { itemAt } from './lib/pick.ts';
import { percentile } from './lib/stats.ts';

const BURST = Number(process.env.BENCH_BURST ?? 300);
const UNLIMITED = { maxCalls: 1_000_000, windowMs: 60_000 };

interface Figures {
  served: number;
  refused: number;
  other: number;
  burstMs: number;
  health: number[];
}

async function burst(url: string, token: string, path: string, isServed: (res: Response, body: string) => boolean): Promise<Figures> {
  const health: number[] = [];
  let running = true;
  const poll = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${url}/healthz`).then((r) => r.text());
      health.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const t0 = performance.now();
  const answers = await Promise.all(
    Array.from({ length: BURST }, async () => {
      const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      if (isServed(res, body)) return 'served';
      return body.includes('"rate_limited"') ? 'refused' : 'other';
    }),
  );
  const burstMs = performance.now() - t0;
  running = false;
  await poll;
  const count = (k: string) => answers.filter((a) => a === k).length;
  return { served: count('served'), refused: count('refused'), other: count('other'), burstMs, health };
}

async function run(label: string, limits: LimitOverrides | undefined) {
  const { database, app, url, db } = await startInProcessApp({ limits });
  try {
    const event = await benchEvent(db, `Burst bench ${Date.now()}`, true);
    const tag = randomBytes(4).toString('hex');
    const users = await benchPeople(db, `burst-${tag}`, 'Person', 200);
    await db
      .insertInto('user_events')
      .values(users.map((u) => ({ event_id: event.id, user_id: u.id, checked_in: true, checked_in_at: new Date() })))
      .execute();
    const ticket = await db
      .insertInto('tickets')
      .values({ event_id: event.id, user_id: itemAt(users, 0).id, code: `B-${tag}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await createSession(db, itemAt(users, 0).id);

    const pdf = await burst(url, token, `/api/tickets/${ticket.id}/pdf`, (res) => res.headers.get('content-type') === 'application/pdf');
    const search = await burst(url, token, `/api/events/get-event-people?event_id=${event.id}&q=Person&limit=100`, (_res, body) =>
      body.startsWith('{"status_code":200'),
    );
    for (const [kind, f] of [
      ['ticket PDF', pdf],
      ['visitor search', search],
    ] as const) {
      console.log(
        `${label.padEnd(16)} ${kind.padEnd(15)} served ${String(f.served).padStart(3)}  refused ${String(f.refused).padStart(3)}  other ${f.other}  ` +
          `burst ${(f.burstMs / 1000).toFixed(1)} s  /healthz p50 ${percentile(f.health, 50).toFixed(0)} ms, max ${Math.max(...f.health).toFixed(0)} ms (${f.health.length} polls)`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

console.log(`${BURST} concurrent calls by one user; database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
await run('with budgets', undefined);
await run('without budgets', { calls: { ticket_pdf: UNLIMITED, visitor_search: UNLIMITED } });

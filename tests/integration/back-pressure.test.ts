import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { bearer, login, startTestServer, type TestServer } from '../fixtures/server.ts';
import { command } from './chat-helpers.ts';

/**
 * Load shedding (server/plugins/back-pressure.ts) with a limit small enough to reach with a burst:
 * three requests in flight. What goes over is refused at once with 503 and Retry-After (legacy
 * calls in their envelope), nothing is answered 500, /healthz still answers, and commands refused
 * under the burst are applied exactly once when resent after the wait, as a device's outbox does.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { maxInFlight: 3, shedRetryAfterS: 1 } });
});
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('an overloaded instance', () => {
  it('sheds the excess with 503 and Retry-After, never 500, and applies every command once after retries', async () => {
    const user = await createUser(server.app.db);
    const { token } = await login(server.app, user.email);
    const event = await createEvent(server.app.db, { is_free: true });
    expect((await command(server.app, token, 'event.checkin', { event_id: event.id })).status).toBe('applied');

    const commands = Array.from({ length: 20 }, (_, i) => ({
      id: randomUUID(),
      kind: 'comment.add',
      payload: { event_id: event.id, comment: `burst ${i}` },
      occurredAt: new Date().toISOString(),
    }));
    const send = (cmd: (typeof commands)[number]) =>
      server.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: bearer(token), payload: { commands: [cmd] } });
    const burst = await Promise.all([
      ...commands.map(send),
      ...Array.from({ length: 10 }, () => server.app.inject({ method: 'GET', url: '/api/events/events-list?limit=16', headers: bearer(token) })),
      ...Array.from({ length: 10 }, () =>
        server.app.inject({ method: 'GET', url: `/sync/v1/comments/pull?checkpoint=0&limit=100&event_id=${event.id}`, headers: bearer(token) }),
      ),
      server.app.inject({ method: 'GET', url: '/healthz' }),
    ]);

    const health = burst.at(-1);
    expect(health?.statusCode).toBe(200);
    const isLegacy = (i: number) => i >= commands.length && i < commands.length + 10;
    const shed = burst.map((r, i) => ({ r, i })).filter(({ r }) => r.statusCode === 503 || r.json().status_code === 503);
    expect(shed.length).toBeGreaterThan(0);
    for (const { r, i } of shed) {
      expect(r.headers['retry-after']).toBe('1');
      expect(r.json()).toMatchObject({ status_code: 503, error: 'database_unavailable' });
      // Legacy calls keep their envelope's convention: HTTP 200 with the status inside.
      expect(r.statusCode).toBe(isLegacy(i) ? 200 : 503);
    }
    for (const r of burst) {
      expect(r.statusCode).not.toBe(500);
      expect(r.json().status_code).not.toBe(500);
    }
    // Nothing stays counted once the burst is answered.
    expect(server.app.pressure.inFlight()).toBe(0);

    // The device resends what was refused after the wait; what was applied it may resend too (a lost
    // answer) and gets the stored result back.
    const answered = new Map<string, string>();
    for (let round = 0; round < 5 && answered.size < commands.length; round++) {
      for (const cmd of commands) {
        const res = await send(cmd);
        if (res.statusCode === 503) continue;
        expect(res.statusCode).toBe(200);
        answered.set(cmd.id, res.json().results[0].status);
      }
      if (answered.size < commands.length) await sleep(1000);
    }
    expect([...answered.values()]).toEqual(commands.map(() => 'applied'));

    const rows = await server.app.db
      .selectFrom('chat_comments')
      .select(['client_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'client_id',
        'in',
        commands.map((c) => c.id),
      )
      .groupBy('client_id')
      .execute();
    expect(rows).toHaveLength(commands.length);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  });

  it('refuses no long-lived stream and no health check, however full it is', async () => {
    const { isExempt } = await import('../../server/plugins/back-pressure.ts');
    expect(isExempt('/healthz')).toBe(true);
    expect(isExempt('/sync/v1/stream')).toBe(true);
    expect(isExempt('/wss/chat')).toBe(true);
    expect(isExempt('/sync/v1/commands')).toBe(false);
    expect(isExempt('/api/events/events-list')).toBe(false);
  });
});

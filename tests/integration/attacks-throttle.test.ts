import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { EXPENSIVE_CALL_LIMITS } from '../../contract/constants.ts';
import { createLimits, type LimitOverrides } from '../../server/limits/index.ts';
import { createMemoryBus } from '../../server/realtime/bus.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { startTestCluster } from '../fixtures/cluster.ts';
import { ownDataDir, startTestServer } from '../fixtures/server.ts';
import { createTicket } from '../fixtures/factories.ts';
import { call, liveEvent, person, type Person } from './attacks-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { form, makeStaff, pngImage } from './chat-helpers.ts';

/**
 * The review's load attacks on expensive calls, against the per-user budgets of
 * server/limits/throttle.ts: a burst beyond a budget is answered `rate_limited` in the legacy
 * envelope (HTTP 200, status_code 429, data.retry_after, Retry-After), other users and /healthz go
 * on, and with Redis two instances draw on one budget. The PDF and search bursts use the real
 * budgets; uploads and emails use small ones, so each refusal costs a handful of requests.
 */

const LIMITS: LimitOverrides = {
  calls: {
    image_upload: { maxCalls: 3, windowMs: 60_000 },
    ticket_email: { maxCalls: 2, windowMs: 60_000 },
  },
};

let database: TestDatabase;
const dataDir = ownDataDir('throttle');
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Answer = Awaited<ReturnType<typeof call<Envelope<unknown>>>>;

function expectRefused(r: Answer) {
  expect(r.http).toBe(200);
  expect(r.body).toMatchObject({ status_code: 429, error: 'rate_limited' });
  // The refusal's data says when to come back (server/routes/envelope.ts).
  const seconds = (r.body?.data as { retry_after: number } | undefined)?.retry_after;
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(r.headers['retry-after']).toBe(String(seconds));
}

const refusedCount = (answers: Answer[]) => answers.filter((r) => r.body?.error === 'rate_limited').length;

describe.each(['memory', 'redis'] as const)('expensive calls with counters in %s', (store) => {
  let apps: FastifyInstance[] = [];
  let close: () => Promise<void> = async () => undefined;
  const on = (i: number) => apps[i % apps.length]!;

  beforeAll(async () => {
    const config = { dataDir };
    if (store === 'memory') {
      const server = await startTestServer({ database, config, limits: LIMITS });
      apps = [server.app];
      close = server.close;
    } else {
      const cluster = await startTestCluster(database, {
        prefix: `test-throttle-${randomBytes(6).toString('hex')}:`,
        socketHeartbeatMs: 30_000,
        config,
        limits: LIMITS,
      });
      apps = cluster.apps;
      close = cluster.close;
    }
  });
  afterAll(async () => close());

  it('serves a burst of ticket PDFs only up to the budget, keeps /healthz answering and other users served', async () => {
    const eventId = await liveEvent(database.db);
    const holder = await person(database.db, eventId);
    const ticket = await createTicket(database.db, eventId, holder.id);
    const other = await person(database.db, eventId);
    const otherTicket = await createTicket(database.db, eventId, other.id);
    const url = `/api/tickets/${ticket.id}/pdf?lang=en`;

    const burst = Array.from({ length: 300 }, (_, i) => call(on(i), holder, 'GET', url));
    // Asked while the burst is in flight: the server still answers its health check.
    const health = await on(1).inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const answers = await Promise.all(burst);

    const pdfs = answers.filter((r) => r.headers['content-type'] === 'application/pdf');
    expect(pdfs.length).toBe(EXPENSIVE_CALL_LIMITS.ticket_pdf.maxCalls);
    expect(refusedCount(answers)).toBe(300 - EXPENSIVE_CALL_LIMITS.ticket_pdf.maxCalls);
    for (const r of answers.filter((a) => a.headers['content-type'] !== 'application/pdf').slice(0, 5)) expectRefused(r);

    const theirs = await call(on(0), other, 'GET', `/api/tickets/${otherTicket.id}/pdf`);
    expect(theirs.headers['content-type']).toBe('application/pdf');
    // A spent PDF budget leaves the holder's other calls alone.
    expect((await call(on(1), holder, 'GET', '/api/tickets?is_my=1')).body?.status_code).toBe(200);
  });

  it('serves a burst of visitor searches only up to the budget, per user, and a guest per address', async () => {
    const eventId = await liveEvent(database.db);
    const searcher = await person(database.db, eventId);
    const other = await person(database.db, eventId);
    const url = `/api/events/get-event-people?event_id=${eventId}&q=a&limit=10`;
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => call(on(i), searcher, 'GET', url)));
    expect(answers.filter((r) => r.body?.status_code === 200).length).toBe(EXPENSIVE_CALL_LIMITS.visitor_search.maxCalls);
    expect(refusedCount(answers)).toBe(300 - EXPENSIVE_CALL_LIMITS.visitor_search.maxCalls);
    expectRefused(answers.find((r) => r.body?.error === 'rate_limited')!);
    // The people card draws on the same budget.
    expectRefused(await call(on(1), searcher, 'GET', '/api/visitors/get-main-page-users'));
    expect((await call(on(0), other, 'GET', url)).body?.status_code).toBe(200);

    const guest = (ip: string) => on(0).inject({ url, remoteAddress: ip });
    const guests = await Promise.all(Array.from({ length: EXPENSIVE_CALL_LIMITS.visitor_search.maxCalls + 1 }, () => guest('198.51.100.40')));
    expect(guests.filter((r) => r.json().error === 'rate_limited').length).toBe(1);
    expect((await guest('198.51.100.41')).json().status_code).toBe(200);
  });

  it('counts chat, trip and ticket-design pictures against one upload budget; text goes on', async () => {
    const eventId = await liveEvent(database.db);
    const owner = await person(database.db, eventId);
    await makeStaff(database.db, eventId, owner.id, 'owner');
    const bystander = await person(database.db, eventId);
    const png = await pngImage(16, 16);
    const upload = async (app: FastifyInstance, who: Person, url: string, fields: Record<string, string>, field = 'image') => {
      const f = await form(fields, { data: png, field });
      return call(app, who, 'POST', url, f.payload, f.headers);
    };
    const chat = (i: number, who = owner) => upload(on(i), who, '/api/events/upload-chat-image', { event_id: String(eventId) });
    const design = (i: number) => upload(on(i), owner, '/api/events/ticket-design/upload-image', { event_id: String(eventId) });
    const trip = (i: number) => upload(on(i), owner, `/api/events/${eventId}/trip-plan?save=1`, { hotel: 'Hotel' }, 'img');

    expect((await chat(0)).body?.status_code).toBe(200);
    expect((await design(1)).body?.status_code).toBe(200);
    expect((await trip(0)).body?.status_code).toBe(200);
    expectRefused(await chat(1));
    expectRefused(await design(0));
    expectRefused(await trip(1));
    const withPicture = await form({ event_id: String(eventId), comment: 'look' }, { data: png });
    expectRefused(await call(on(0), owner, 'POST', '/api/events/add-comment', withPicture.payload, withPicture.headers));
    // What costs nothing is not held back: a text comment, a trip plan without a picture.
    expect((await call(on(1), owner, 'POST', '/api/events/add-comment', { event_id: eventId, comment: 'text only' })).body?.status_code).toBe(200);
    expect((await call(on(0), owner, 'POST', `/api/events/${eventId}/trip-plan?save=1`, { hotel: 'Another' })).body?.status_code).toBe(200);
    expect((await chat(1, bystander)).body?.status_code).toBe(200);
  });

  it('sends ticket emails only up to the budget, whichever tickets they are for', async () => {
    const eventId = await liveEvent(database.db);
    const holder = await person(database.db, eventId);
    const tickets = await Promise.all([1, 2, 3].map(() => createTicket(database.db, eventId, holder.id)));
    const other = await person(database.db, eventId);
    const otherTicket = await createTicket(database.db, eventId, other.id);
    const send = (i: number, who: Person, id: number) => call(on(i), who, 'POST', `/api/tickets/${id}/send-to-email?lang=en`, {});
    expect((await send(0, holder, tickets[0]!.id)).body?.status_code).toBe(200);
    expect((await send(1, holder, tickets[1]!.id)).body?.status_code).toBe(200);
    expectRefused(await send(0, holder, tickets[2]!.id));
    expectRefused(await send(1, holder, tickets[2]!.id));
    expect((await send(0, other, otherTicket.id)).body?.status_code).toBe(200);
  });
});

describe('outside the legacy API', () => {
  it('answers HTTP 429 with Retry-After where no envelope convention applies', async () => {
    const app = Fastify();
    const limits = createLimits(createMemoryBus(), { calls: { ticket_pdf: { maxCalls: 1, windowMs: 60_000 } } });
    app.get('/sync/v1/expensive', { onRequest: limits.throttle('ticket_pdf') }, async () => ({ ok: true }));
    app.get('/api/expensive', { onRequest: limits.throttle('ticket_pdf') }, async () => ({ ok: true }));
    try {
      expect((await app.inject({ url: '/sync/v1/expensive' })).statusCode).toBe(200);
      const refused = await app.inject({ url: '/sync/v1/expensive' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ status_code: 429, error: 'rate_limited', data: { retry_after: 60 } });
      expect(refused.headers['retry-after']).toBe('60');
      // Under /api the same refusal keeps the envelope's HTTP 200.
      const legacy = await app.inject({ url: '/api/expensive' });
      expect(legacy.statusCode).toBe(200);
      expect(legacy.json()).toMatchObject({ status_code: 429, error: 'rate_limited' });
    } finally {
      await app.close();
    }
  });
});

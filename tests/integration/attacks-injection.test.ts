import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { makeStaff, noticeSocket, type TestSocket } from './chat-helpers.ts';
import { bearer, commands, liveEvent, person, type Person } from './attacks-helpers.ts';

/**
 * Scraping with huge pages, SQL-like input in filters and sort fields, prototype pollution through
 * JSON bodies, query strings, forms and socket frames, a command replayed days later, and a banned
 * user's queued comments. Each gets a clear error or is ignored: never a 500, never a change.
 */

let s: TestServer & { url: string };
let eventId: number;
let u: Person;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  // Hundreds of hostile searches by one user: the search budget (attacks-throttle) is not what this file tests.
  s = await startTestServer({ listen: true, limits: { calls: { visitor_search: { maxCalls: 100_000, windowMs: 60_000 } } } });
  eventId = await liveEvent(s.app.db);
  u = await person(s.app.db, eventId);
  for (let i = 0; i < 3; i++) await person(s.app.db, eventId);
});
afterAll(async () => {
  await Promise.all(sockets.map((x) => x.close()));
  await s?.close();
});

const get = (url: string, who: Person | null = u) => s.app.inject({ url, headers: who ? bearer(who) : {} });

/** Every paged list of the legacy API and the sync pull. */
const LISTS = () => [
  '/api/events/events-list?',
  `/api/events/get-event-people?event_id=${eventId}&`,
  `/api/visitors/get-main-page-users?event_id=${eventId}&`,
  `/api/meetings/my-meeting?event_id=${eventId}&`,
  '/api/user/my-messages?',
  `/api/events/get-chat-messages?event_id=${eventId}&`,
  '/api/tickets?is_my=1&',
  `/api/companies?event_id=${eventId}&`,
  `/api/events/${eventId}/trips?`,
  '/api/user/get-friends?',
  `/sync/v1/visitors/pull?event_id=${eventId}&`,
  '/sync/v1/events/pull?',
];

/** The answer is a clear refusal: HTTP 400 or the envelope's 400 invalid_input. */
function refused(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, what).not.toBe(500);
  const body = JSON.parse(res.body) as { status_code?: number; error?: string };
  if (res.statusCode === 200) expect(body, what).toMatchObject({ status_code: 400, error: 'invalid_input' });
  else {
    expect(res.statusCode, what).toBe(400);
    expect(body.error, what).toBe('invalid_input');
  }
}

describe('scraping with huge pages', () => {
  it('refuses a limit or offset negative or not a number on every list; a limit beyond the cap gets the cap (legacy) or a refusal (sync)', async () => {
    for (const list of LISTS()) {
      const sync = list.startsWith('/sync');
      // A checkpoint beyond the feed is a legitimate "caught up", not a scrape.
      const offsets = sync ? ['checkpoint=-5', 'checkpoint=1e100', 'checkpoint=abc'] : ['offset=-5', 'offset=1e100', 'offset=99999999999', 'offset=abc'];
      const huge = ['limit=100000', 'limit=99999999999999999999', 'limit=1e9'];
      for (const q of ['limit=-1', 'limit=0', 'limit=abc', ...offsets, ...(sync ? huge : [])]) {
        refused(await get(`${list}${q}`), `${list}${q}`);
      }
      // The specs' clients ask for what they like: the legacy calls answer the cap's page instead.
      if (!sync) {
        for (const q of huge) {
          const res = await get(`${list}${q}`);
          expect(res.statusCode, `${list}${q}`).toBe(200);
          // 204 is the specs' "nothing here" of the dialog list.
          expect([200, 204], `${list}${q}`).toContain(JSON.parse(res.body).status_code);
        }
      }
      // The largest allowed page still answers.
      const ok = await get(`${list}${list.startsWith('/sync') ? 'limit=2000' : 'limit=100'}`);
      expect(ok.statusCode, list).toBe(200);
    }
  });
});

describe('SQL-like input', () => {
  const NASTY = ["'; drop table users; --", '1 or 1=1', "' OR '1'='1", '1; SELECT pg_sleep(10)', '\\x00', '%', '_', '"', '$$', "'::int"];

  it('treats it in search and filter fields as plain text or refuses it, never a 500, and every table survives', async () => {
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(s.app.db);
    for (const v of NASTY) {
      const e = encodeURIComponent(v);
      for (const url of [
        `/api/events/get-event-people?event_id=${eventId}&q=${e}`,
        `/api/events/events-list?q=${e}`,
        `/api/events/autocomplete?q=${e}`,
        `/api/events/get-event-people?event_id=${eventId}&user_city_id=${e}`,
        `/api/events/get-event-people?event_id=${eventId}&user_country_id=${e}`,
        `/api/events/get-event-people?event_id=${eventId}&statuses=${e}`,
        `/api/events/get-event-people?event_id=${eventId}&interests[]=${e}`,
        `/api/meetings/${e}`,
        `/api/tickets/${e}`,
        `/api/profile/lite?user_id=${e}`,
        `/api/user/messages-view?group_id=${e}`,
        `/sync/v1/visitors/pull?event_id=${e}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).not.toBe(500);
        expect(res.body, url).not.toContain('unknown_error');
        expect(res.body, url).not.toMatch(/syntax error|pg_|relation "/i);
      }
    }
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(s.app.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('finds a name containing quotes exactly, as text', async () => {
    const odd = await person(s.app.db, eventId, { first_name: "O'Brien", last_name: '1 or 1=1' });
    const res = await get(`/api/events/get-event-people?event_id=${eventId}&q=${encodeURIComponent("O'Brien")}`);
    expect(res.json().data.results.map((r: { id: number }) => r.id)).toEqual([odd.id]);
    const none = await get(`/api/events/get-event-people?event_id=${eventId}&q=${encodeURIComponent("' OR '1'='1")}`);
    expect(none.json().data?.results ?? []).toEqual([]);
  });

  it('refuses unknown or injected sort fields and directions with invalid_input', async () => {
    for (const sort of ['id; drop table events', 'when DESC; --', '1 or 1=1', 'password_hash', 'pg_sleep(5)', 'when SIDEWAYS']) {
      refused(await get(`/api/events/events-list?sort=${encodeURIComponent(sort)}`), `events sort ${sort}`);
    }
    for (const sort of ['email', "name'; --", 'password_hash']) {
      refused(await get(`/api/events/get-event-people?event_id=${eventId}&sort=${encodeURIComponent(sort)}`), `visitors sort ${sort}`);
    }
    refused(await get(`/api/events/get-event-people?event_id=${eventId}&sort=name&order=${encodeURIComponent('asc; drop table users')}`), 'visitors order');
    refused(await get(`/api/events/get-chat-messages?event_id=${eventId}&sort_by=${encodeURIComponent('user_id')}`), 'chat sort');
    expect((await get('/api/events/events-list?sort=when%20DESC')).json().status_code).toBe(200);
    expect((await get(`/api/events/get-event-people?event_id=${eventId}&sort=name&order=desc`)).json().status_code).toBe(200);
  });
});

describe('prototype pollution', () => {
  const polluted = () => (({}) as Record<string, unknown>).polluted !== undefined || ({} as Record<string, unknown>).isAdmin !== undefined;

  it('refuses __proto__ and constructor.prototype in JSON bodies and command payloads, and pollutes nothing', async () => {
    const bodies = [
      '{"__proto__":{"polluted":1,"isAdmin":true}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"position":"x","__proto__":{"polluted":1}}',
      '{"social":{"__proto__":{"polluted":1}}}',
    ];
    for (const payload of bodies) {
      const res = await s.app.inject({ method: 'POST', url: '/api/profile/save', headers: { ...bearer(u), 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(res.json(), payload).toMatchObject({ status_code: 400 });
      const cmd = await s.app.inject({
        method: 'POST',
        url: '/sync/v1/commands',
        headers: { ...bearer(u), 'content-type': 'application/json' },
        payload: `{"commands":[{"id":"proto-${Math.random().toString(36).slice(2, 10)}","kind":"profile.update","payload":${payload},"occurredAt":"${new Date().toISOString()}"}]}`,
      });
      // The JSON parser refuses a __proto__ key outright; anything it lets through is rejected.
      if (cmd.statusCode === 400) expect(cmd.json().error, payload).toBe('invalid_input');
      else expect(cmd.json().results[0], payload).toMatchObject({ status: 'rejected', code: 'invalid_input' });
      const envelope = await s.app.inject({
        method: 'POST',
        url: '/sync/v1/commands',
        headers: { ...bearer(u), 'content-type': 'application/json' },
        payload: `{"commands":[],"__proto__":{"polluted":1}}`,
      });
      expect(envelope.statusCode, payload).toBeLessThan(500);
      expect(polluted(), payload).toBe(false);
    }
    // A command kind named after an Object.prototype member is unknown, not a crash.
    const { results } = await commands(
      s.app,
      u,
      ['__proto__', 'constructor', 'toString', 'hasOwnProperty'].map((kind) => ({ kind, payload: {} })),
    );
    expect(results.map((r) => r.code)).toEqual(Array(4).fill('unknown_command'));
    expect(polluted()).toBe(false);
  });

  it('survives __proto__ in query strings, forms and lang parameters', async () => {
    for (const url of [
      `/api/events/events-list?__proto__[polluted]=1`,
      `/api/events/events-list?constructor[prototype][polluted]=1`,
      `/api/events/get-event-people?event_id=${eventId}&__proto__=1`,
      `/profile/getStatusTypes?lang=__proto__`,
      `/profile/getStatusTypes?lang=constructor`,
      `/sync/v1/events/pull?__proto__[x]=1`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('unknown_error');
    }
    const labels = (await get('/profile/getStatusTypes?lang=__proto__')).json().data;
    expect(typeof labels).toBe('object');
    expect(Object.keys(labels).length).toBeGreaterThan(0);
    for (const payload of ['__proto__[polluted]=1&position=x', '__proto__=1', 'constructor[prototype][polluted]=1']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/profile/save',
        headers: { ...bearer(u), 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(res.json().status_code, payload).toBe(400);
    }
    expect(polluted()).toBe(false);
  });

  it('answers a socket frame carrying __proto__ with an Exception and pollutes nothing', async () => {
    const sock = await noticeSocket(s.url, u.token, u.id);
    sockets.push(sock);
    sock.send('{"type":"personalMessageSend","recipientId":1,"text":"x","__proto__":{"polluted":1}}');
    sock.send('{"__proto__":{"type":"ping"}}');
    const ex = await sock.next('Exception');
    expect(ex.Exception.type).toBeTypeOf('string');
    sock.send({ type: 'ping' });
    await sock.next('pong');
    expect(polluted()).toBe(false);
  });
});

describe('a command replayed later', () => {
  it('gets the stored answer and is not applied again, however long after; stored answers do not expire', async () => {
    const id = `replay-${Date.now().toString(36)}`;
    const comments = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_comments WHERE user_id = ${u.id}`.execute(s.app.db)).rows[0]!.n;
    const first = await commands(s.app, u, [{ id, kind: 'comment.add', payload: { event_id: eventId, comment: 'once' } }]);
    expect(first.results[0]!.status).toBe('applied');
    const count = await comments();
    // Days later: the stored answer is as old as its first delivery. Nothing prunes it (the dedupe
    // table is the only thing that makes a late replay harmless), so it answers the same.
    await sql`UPDATE commands SET received_at = now() - interval '400 days', occurred_at = now() - interval '400 days' WHERE user_id = ${u.id} AND id = ${id}`.execute(
      s.app.db,
    );
    for (const occurredAt of [new Date(), new Date(Date.now() - 400 * 86400_000)]) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/sync/v1/commands',
        headers: bearer(u),
        payload: { commands: [{ id, kind: 'comment.add', payload: { event_id: eventId, comment: 'once' }, occurredAt: occurredAt.toISOString() }] },
      });
      expect(res.json().results[0]).toEqual(first.results[0]);
    }
    // The same id with another payload is another command under a used id: refused with its own
    // code (so a client bug shows instead of dropping the second action), and nothing changes.
    const changed = await commands(s.app, u, [{ id, kind: 'comment.add', payload: { event_id: eventId, comment: 'twice' } }]);
    expect(changed.results[0]).toEqual({ id, status: 'rejected', code: 'command_id_reused' });
    expect(await comments()).toBe(count);
    expect((await commands(s.app, u, [{ id, kind: 'comment.add', payload: { event_id: eventId, comment: 'once' } }])).results[0]).toEqual(first.results[0]);
  });
});

describe("a banned user's queued comments", () => {
  it('are refused when the outbox drains after the ban, even those written before it, and their replays keep that answer', async () => {
    const mod = await person(s.app.db, eventId);
    await makeStaff(s.app.db, eventId, mod.id, 'moderator');
    const banned = await person(s.app.db, eventId);
    const writtenAt = new Date(Date.now() - 3600_000);
    const blocked = await commands(s.app, mod, [{ kind: 'chat.block', payload: { event_id: eventId, user_id: banned.id, reason: 'spam' } }]);
    expect(blocked.results[0]!.status).toBe('applied');
    const ids = ['queued-1', 'queued-2', 'queued-3'].map((x) => `${x}-${banned.id}`);
    // The same three comments the banned person's device queued offline, sent as the outbox sends them.
    const sendQueued = () =>
      s.app.inject({
        method: 'POST',
        url: '/sync/v1/commands',
        headers: bearer(banned),
        payload: {
          commands: ids.map((id, i) => ({
            id,
            kind: 'comment.add',
            payload: { event_id: eventId, comment: `queued ${i}` },
            occurredAt: writtenAt.toISOString(),
          })),
        },
      });
    const drain = await sendQueued();
    const results = drain.json().results as { status: string; code: string }[];
    expect(results.map((r) => [r.status, r.code])).toEqual(Array(3).fill(['rejected', 'chat_blocked']));
    const legacy = await s.app.inject({
      method: 'POST',
      url: '/api/events/add-comment',
      headers: bearer(banned),
      payload: { event_id: eventId, comment: 'legacy' },
    });
    expect(legacy.json()).toMatchObject({ error: 'chat_blocked' });
    const none = await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_comments WHERE user_id = ${banned.id}`.execute(s.app.db);
    expect(none.rows[0]!.n).toBe(0);

    // Unblocked later, the same queued ids replayed keep their stored answer: nothing the moderator
    // refused reappears.
    await commands(s.app, mod, [{ kind: 'chat.unblock', payload: { event_id: eventId, user_id: banned.id } }]);
    const replay = await sendQueued();
    expect((replay.json().results as { code: string }[]).map((r) => r.code)).toEqual(Array(3).fill('chat_blocked'));
    const still = await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_comments WHERE user_id = ${banned.id}`.execute(s.app.db);
    expect(still.rows[0]!.n).toBe(0);
  });
});

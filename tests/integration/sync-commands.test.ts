import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function send(token: string, commands: unknown[]) {
  return s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(token), payload: { commands } });
}

async function pull(collection: string, token: string | null, checkpoint = 0, limit?: number) {
  const q = new URLSearchParams({ checkpoint: String(checkpoint), ...(limit ? { limit: String(limit) } : {}) });
  const res = await s.app.inject({ method: 'GET', url: `/sync/v1/${collection}/pull?${q}`, headers: token ? auth(token) : {} });
  return res;
}

describe('POST /sync/v1/commands', () => {
  it('applies a command replayed three times exactly once', async () => {
    const user = await createUser(s.app.db);
    const event = await createEvent(s.app.db);
    const { token } = await login(s.app, user.email);
    const cmd = { id: 'fav-0001-abcdef', kind: 'event.favorite', payload: { event_id: event.id, favorite: true }, occurredAt: new Date().toISOString() };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await send(token, [cmd])).json());
    expect(answers.map((a) => a.results[0].status)).toEqual(['applied', 'applied', 'applied']);
    const row = await s.app.db.selectFrom('events').select('favorites_count').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(row.favorites_count).toBe(1);
    const stored = await s.app.db.selectFrom('commands').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('answers a batch in order and rejects unknown kinds and bad payloads without changing anything', async () => {
    const user = await createUser(s.app.db);
    const event = await createEvent(s.app.db);
    const { token } = await login(s.app, user.email);
    const at = new Date().toISOString();
    const before = await s.app.db.selectFrom('events').select(['favorites_count', 'rev']).where('id', '=', event.id).executeTakeFirstOrThrow();
    const res = await send(token, [
      { id: 'bad-kind-000001', kind: 'event.explode', payload: {}, occurredAt: at },
      { id: 'bad-payl-000001', kind: 'event.favorite', payload: { event_id: 'x', favorite: true }, occurredAt: at },
      { id: 'bad-payl-000002', kind: 'event.favorite', payload: { event_id: event.id, favorite: true, role: 'owner' }, occurredAt: at },
      { id: 'unknown-event-01', kind: 'event.favorite', payload: { event_id: 999999, favorite: true }, occurredAt: at },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: 'bad-kind-000001', status: 'rejected', code: 'unknown_command' },
      { id: 'bad-payl-000001', status: 'rejected', code: 'invalid_input' },
      { id: 'bad-payl-000002', status: 'rejected', code: 'invalid_input' },
      { id: 'unknown-event-01', status: 'rejected', code: 'event_not_found' },
    ]);
    const after = await s.app.db.selectFrom('events').select(['favorites_count', 'rev']).where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses a malformed batch and a request without a session', async () => {
    const user = await createUser(s.app.db);
    const { token } = await login(s.app, user.email);
    expect((await send(token, [{ id: 'x', kind: 'event.favorite' }])).statusCode).toBe(400);
    const noAuth = await s.app.inject({ method: 'POST', url: '/sync/v1/commands', payload: { commands: [] } });
    expect(noAuth.statusCode).toBe(401);
    const huge = await s.app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ commands: [], pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('requires a ticket to check in to a paid event and admits a ticket holder', async () => {
    const user = await createUser(s.app.db);
    const event = await createEvent(s.app.db, { is_free: false });
    const { token } = await login(s.app, user.email);
    const at = new Date().toISOString();
    const first = await send(token, [{ id: 'checkin-no-ticket', kind: 'event.checkin', payload: { event_id: event.id }, occurredAt: at }]);
    expect(first.json().results[0]).toMatchObject({ status: 'rejected', code: 'ticket_required' });
    await createTicket(s.app.db, event.id, user.id);
    const second = await send(token, [{ id: 'checkin-w-ticket', kind: 'event.checkin', payload: { event_id: event.id }, occurredAt: at }]);
    expect(second.json().results[0]).toMatchObject({ status: 'applied', ids: [String(event.id)] });
    const mine = (await pull('my_events', token)).json();
    expect(mine.documents.find((d: { event_id: number }) => d.event_id === event.id)).toMatchObject({ checked_in: true, has_ticket: true });
    const past = await createEvent(s.app.db, { starts_in_hours: -48, duration_hours: 2 });
    const late = await send(token, [{ id: 'checkin-finished', kind: 'event.checkin', payload: { event_id: past.id }, occurredAt: at }]);
    expect(late.json().results[0]).toMatchObject({ status: 'rejected', code: 'event_finished' });
  });
});

describe('GET /sync/v1/:collection/pull', () => {
  it('pages in rev order and a short page means caught up', async () => {
    for (let i = 0; i < 5; i++) await createEvent(s.app.db);
    let checkpoint = 0;
    const seen: number[] = [];
    for (;;) {
      const body = (await pull('events', null, checkpoint, 2)).json();
      seen.push(...body.documents.map((d: { rev: number }) => d.rev));
      checkpoint = body.checkpoint;
      if (body.documents.length < 2) break;
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const total = await s.app.db.selectFrom('events').select(s.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(seen.length).toBe(Number(total.n));
    expect((await pull('events', null, checkpoint)).json().documents).toEqual([]);
  });

  it('keeps my_events to the user and refuses guests and unknown collections', async () => {
    const a = await createUser(s.app.db);
    const b = await createUser(s.app.db);
    const event = await createEvent(s.app.db);
    const ta = (await login(s.app, a.email)).token;
    const tb = (await login(s.app, b.email)).token;
    await send(ta, [{ id: 'fav-a-00000001', kind: 'event.favorite', payload: { event_id: event.id, favorite: true }, occurredAt: new Date().toISOString() }]);
    const docsB = (await pull('my_events', tb)).json().documents;
    expect(docsB).toEqual([]);
    expect((await pull('my_events', null)).statusCode).toBe(401);
    expect((await pull('nope', ta)).statusCode).toBe(404);
    expect((await pull('events', ta, -1)).statusCode).toBe(400);
  });
});

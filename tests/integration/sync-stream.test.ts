import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';

let s: TestServer & { url: string };
beforeAll(async () => {
  s = await startTestServer({ listen: true });
});
afterAll(async () => s?.close());

/** Reads server-sent events over fetch, as the worker does (Node 20 has no EventSource). */
async function openStream(token: string | null) {
  const ctrl = new AbortController();
  const res = await fetch(`${s.url}/sync/v1/stream`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: ctrl.signal });
  const reader = res.body!.getReader();
  const messages: unknown[] = [];
  let buffer = '';
  const pump = (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          for (const line of block.split('\n')) if (line.startsWith('data: ')) messages.push(JSON.parse(line.slice(6)));
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    messages,
    close: async () => {
      ctrl.abort();
      await pump;
    },
    contentType: res.headers.get('content-type'),
  };
}

const until = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('live hint stream', () => {
  it('starts with RESYNC and names changed collections, user-scoped ones only to their user; a guest gets none', async () => {
    const a = await createUser(s.app.db);
    const b = await createUser(s.app.db);
    const event = await createEvent(s.app.db);
    const ta = (await login(s.app, a.email)).token;
    const tb = (await login(s.app, b.email)).token;
    const streamA = await openStream(ta);
    const streamB = await openStream(tb);
    // A guest's device pulls public collections on an interval instead (sync/engine/engine.ts).
    const guest = await fetch(`${s.url}/sync/v1/stream`);
    expect(guest.status).toBe(401);
    expect(streamA.contentType).toMatch(/text\/event-stream/);
    await until(() => streamA.messages.length > 0 && streamB.messages.length > 0);
    expect(streamA.messages[0]).toEqual({ type: 'RESYNC' });

    await fetch(`${s.url}/sync/v1/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ta}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        commands: [{ id: 'stream-fav-0001', kind: 'event.favorite', payload: { event_id: event.id, favorite: true }, occurredAt: new Date().toISOString() }],
      }),
    });
    const has = (list: unknown[], c: string) => list.some((m) => (m as { collections?: string[] }).collections?.includes(c));
    await until(() => has(streamA.messages, 'my_events') && has(streamB.messages, 'events'));
    expect(has(streamA.messages, 'my_events')).toBe(true);
    expect(has(streamA.messages, 'events')).toBe(true);
    expect(has(streamB.messages, 'events')).toBe(true);
    expect(has(streamB.messages, 'my_events')).toBe(false);
    await Promise.all([streamA.close(), streamB.close()]);
  });
});

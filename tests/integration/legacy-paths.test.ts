import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';

/**
 * The specs write most legacy calls without a leading slash (`GET events/get-user-tickets`, `POST
 * meetings/reject-meeting`), so a client whose base address is the site calls them at the root.
 * They are answered there as at /api, query and body kept, a trailing slash or not, whatever the
 * method; while a browser that loads such an address as a page (an old link like /events/3) still
 * gets the app, and the server's own root routes keep answering for themselves. Over real HTTP,
 * with a build of the app to serve (a page of its own here).
 */

const PAGE = '<!doctype html><title>Foyer test page</title>';
let dist: string;
let s: TestServer & { url: string };

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), PAGE);
  s = await startTestServer({ listen: true, config: { distDir: dist } });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const JSON_CLIENT = { accept: 'application/json, text/plain, */*' };
/** What a browser sends when a person opens an address. */
const PAGE_LOAD = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

async function call(url: string, o: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${s.url}${url}`, {
    method: o.method ?? 'GET',
    redirect: 'manual',
    headers: {
      ...JSON_CLIENT,
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await res.text();
  return { http: res.status, type: res.headers.get('content-type') ?? '', body: text.startsWith('{') ? JSON.parse(text) : text };
}

/**
 * A page load as a browser sends it, over node:http: fetch puts its own Sec-Fetch-Mode ("cors") on
 * every request, whatever the caller asks for.
 */
function openPage(url: string): Promise<{ http: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${s.url}${url}`, { headers: PAGE_LOAD }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ http: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
  });
}

async function participant(eventId: number) {
  const u = await createUser(s.app.db);
  await createTicket(s.app.db, eventId, u.id);
  return { id: u.id, token: await createSession(s.app.db, u.id) };
}

describe('legacy calls made without /api', () => {
  it('answers GET calls at the root as at /api, with the query kept and with or without a trailing slash', async () => {
    const e = await createEvent(s.app.db);
    const u = await participant(e.id);
    const twin = await call('/api/events/events-list?limit=1&search_type=all&lang=en', { token: u.token });
    expect(twin.body.status_code).toBe(200);
    expect(twin.body.data.events).toHaveLength(1);
    for (const url of ['/events/events-list?limit=1&search_type=all&lang=en', '/events/events-list/?limit=1&search_type=all&lang=en']) {
      const bare = await call(url, { token: u.token });
      expect(bare, url).toMatchObject({ http: 200, type: expect.stringContaining('application/json') });
      expect(bare.body, url).toEqual(twin.body);
    }
    const tickets = await call(`/events/get-user-tickets?event_id=${e.id}&user_id=${u.id}`, { token: u.token });
    expect(tickets.body).toEqual((await call(`/api/events/get-user-tickets?event_id=${e.id}&user_id=${u.id}`, { token: u.token })).body);
    expect(tickets.body.data.items.length).toBeGreaterThan(0);
  });

  it('answers POST calls at the root with their body, as at /api', async () => {
    const e = await createEvent(s.app.db);
    const u = await participant(e.id);
    const other = await participant(e.id);
    const first = await call(`/visitors/set-favorite/${other.id}`, { method: 'POST', token: u.token, body: { favorite: true } });
    expect(first).toMatchObject({ http: 200, body: { status_code: 200 } });
    const row = await s.app.db
      .selectFrom('user_relations')
      .select('favorite')
      .where('user_id', '=', u.id)
      .where('target_user_id', '=', other.id)
      .executeTakeFirst();
    expect(row?.favorite).toBe(true);
    // Still the twin's rules: without a session, the twin's refusal.
    const guest = await call(`/visitors/set-favorite/${other.id}`, { method: 'POST', body: { favorite: true } });
    expect(guest).toEqual(await call(`/api/visitors/set-favorite/${other.id}`, { method: 'POST', body: { favorite: true } }));
    expect(guest.body.status_code).not.toBe(200);
  });

  it('still gives a browser that opens such an address the app, and leaves the server own root routes alone', async () => {
    const e = await createEvent(s.app.db);
    const page = await openPage(`/events/${e.id}`);
    expect(page).toMatchObject({ http: 200, type: expect.stringContaining('text/html'), body: PAGE });
    const api = await call(`/events/${e.id}`);
    expect(api.type).toContain('application/json');
    expect(api.body).toEqual((await call(`/api/events/${e.id}`)).body);

    expect((await call('/profile/getStatusTypes')).body.status_code).toBe(200);
    expect((await call('/healthz')).body.status).toBe('ok');
    // Not the shape of any call: the app's page, as before.
    expect((await call('/no/such/call')).body).toBe(PAGE);
  });
});

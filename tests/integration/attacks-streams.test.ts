import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SYNC_STREAMS_PER_USER } from '../../contract/constants.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { sessionKey } from '../../server/domain/auth/sessions.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { waitFor } from '../fixtures/wait.ts';
import { person, type Person } from './attacks-helpers.ts';
import type { FastifyInstance } from 'fastify';

/**
 * Holding the server's connections. A live hint stream is held for as long as a device runs, and
 * 3 × 7,000 of them, opened without a session, once took a server to its file-descriptor limit.
 * A stream now takes a valid session (401 otherwise) and each user and each client address may
 * hold only so many on an instance (429 beyond). A session that ends without an announcement
 * (expired, or a logout whose bus message was lost) ends its streams on the next heartbeat.
 */

/** Small so the address cap is reached with a handful of streams; the per-user cap is the real one. */
const PER_ADDRESS = 4;
const HEARTBEAT_MS = 300;

let database: TestDatabase;
let app: FastifyInstance;
let base: URL;
const open: RawStream[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = {
    ...loadConfig({ DATA_DIR: '.tmp/test-data', SEED: 'none', SYNC_STREAMS_PER_ADDRESS: String(PER_ADDRESS) }),
    distDir: '/nonexistent',
    socketHeartbeatMs: HEARTBEAT_MS,
  };
  app = await buildApp({ config, database });
  base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

interface RawStream {
  status: number;
  body: string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** GET /sync/v1/stream from a chosen loopback address (127.0.0.0/8 is all this machine's). */
function stream(headers: Record<string, string>, from = '127.0.0.1'): Promise<RawStream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: base.hostname, port: base.port, path: '/sync/v1/stream', headers, localAddress: from }, (res) => {
      let body = '';
      let settled = false;
      const s: RawStream = {
        status: res.statusCode ?? 0,
        get body() {
          return body;
        },
        ended: new Promise<void>((r) => res.once('close', () => r())),
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        // An open stream is ready once its RESYNC arrived; a refusal once it is read whole.
        if (!settled && body.includes('RESYNC')) {
          settled = true;
          open.push(s);
          resolve(s);
        }
      });
      res.on('end', () => {
        if (!settled) {
          settled = true;
          resolve(s);
        }
      });
    });
    req.on('error', reject);
  });
}

const bearer = (p: { token: string }) => ({ authorization: `Bearer ${p.token}` });

describe('the hint stream', () => {
  it('answers 401 without a valid session, as every user-scoped call', async () => {
    const u = await person(database.db);
    const expired = await createSession(database.db, u.id);
    await database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', Buffer.from(sessionKey(expired), 'hex'))
      .execute();
    for (const [what, headers] of [
      ['guest', {}],
      ['made-up token', { authorization: 'Bearer not-a-session' }],
      ['made-up cookie', { cookie: `${SESSION_COOKIE}=not-a-session` }],
      ['expired session', { authorization: `Bearer ${expired}` }],
    ] as const) {
      const s = await stream(headers);
      expect(s.status, what).toBe(401);
      expect(JSON.parse(s.body), what).toEqual({ error: 'auth_required' });
    }
    const ok = await stream(bearer(u));
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('RESYNC');
  });

  it('caps the streams one user holds, whatever their sessions, and frees a place when one closes', async () => {
    const u = await person(database.db);
    const other = await person(database.db);
    const held: RawStream[] = [];
    // Each from an address and a session of its own, so only the per-user cap is in play.
    for (let i = 0; i < SYNC_STREAMS_PER_USER; i++) {
      const token = await createSession(database.db, u.id);
      const s = await stream({ authorization: `Bearer ${token}` }, `127.0.1.${1 + i}`);
      expect(s.status, `stream ${i + 1}`).toBe(200);
      held.push(s);
    }
    const refused = await stream(bearer(u), '127.0.1.9');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'rate_limited' });
    expect((await stream(bearer(other), '127.0.1.9')).status, 'another user').toBe(200);

    held[0]!.close();
    await waitFor('a place freed by the closed stream', async () => (await stream(bearer(u), '127.0.1.9')).status === 200);
  });

  it('caps the streams one address holds across accounts, and leaves other addresses alone', async () => {
    const people: Person[] = [];
    for (let i = 0; i <= PER_ADDRESS; i++) people.push(await person(database.db));
    for (let i = 0; i < PER_ADDRESS; i++) expect((await stream(bearer(people[i]!), '127.0.2.1')).status, `account ${i + 1}`).toBe(200);
    const refused = await stream(bearer(people[PER_ADDRESS]!), '127.0.2.1');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).message).toMatch(/address/);
    expect((await stream(bearer(people[PER_ADDRESS]!), '127.0.2.2')).status, 'from another address').toBe(200);
  });

  it('ends a stream whose session ended without an announcement, by the next heartbeat', async () => {
    const u = await person(database.db);
    const s = await stream(bearer(u));
    expect(s.status).toBe(200);
    // As if the session expired, or a logout on another instance lost its bus message.
    await database.db
      .deleteFrom('sessions')
      .where('token_hash', '=', Buffer.from(sessionKey(u.token), 'hex'))
      .execute();
    await waitFor('the stream to end', () => Promise.race([s.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 50))]));
  });
});

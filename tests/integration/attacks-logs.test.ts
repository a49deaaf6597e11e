import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { redactText, redactUrl, REDACTED } from '../../server/plugins/log.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { TEST_PASSWORD } from '../fixtures/factories.ts';
import { openSocket, socketPass, upgradeStatus } from './chat-helpers.ts';
import { person, type Person } from './attacks-helpers.ts';

/**
 * Whoever reads the server's log must not find a credential in it. The app runs with a real
 * logger at its most talkative level, writing to a stream this test reads; the requests carry a
 * session token and a socket pass in the URL (as the specs' websockets do), a Bearer header, the
 * session cookie and a password, and a route logs an error and a request's headers.
 */

let database: TestDatabase;
let app: FastifyInstance;
let url: string;
let u: Person;
let log = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { ...loadConfig({ DATA_DIR: '.tmp/test-data', SEED: 'none' }), distDir: '/nonexistent' };
  const stream = new Writable({
    write(chunk, _enc, done) {
      log += String(chunk);
      done();
    },
  });
  app = await buildApp({ config, database }, { logger: { level: 'trace', stream } });
  // A careless route: it quotes its URL and the authorization in an error, and logs every header.
  app.get('/api/test/careless', async (request) => {
    request.log.info({ headers: request.headers }, `handling ${request.url}`);
    throw new Error(`failed at ${request.url} for ${request.headers.authorization ?? ''} with ${request.headers.cookie ?? ''}`);
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  u = await person(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('the log', () => {
  it('holds no session token, socket pass, Bearer header, cookie or password', async () => {
    const ticket = await socketPass(url, u.token);
    const socket = await openSocket(url, '/wss/notice', { pass: ticket });
    await socket.close();
    // The specs' clients put the session token itself in the socket URL; it opens, and is logged redacted.
    expect(await upgradeStatus(url, `/wss/notice?token=${encodeURIComponent(u.token)}`)).toBe(101);
    expect(await upgradeStatus(url, `/wss/chat?token=${encodeURIComponent(u.token)}&lang=en`)).toBe(101);
    await fetch(`${url}/api/auth/me?access_token=${u.token}&lang=en`, { headers: { authorization: `Bearer ${u.token}` } });
    await fetch(`${url}/api/test/careless?token=${u.token}&x=1`, { headers: { authorization: `Bearer ${u.token}`, cookie: `${SESSION_COOKIE}=${u.token}` } });
    await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: TEST_PASSWORD }),
    });
    // The specs' session handoff: the mobile app opens a page with the session token in its URL.
    await fetch(`${url}/uk/events?token=${u.token}&user_id=${u.id}`);
    await fetch(`${url}/api/auth/handoff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: u.token, user_id: u.id }),
    });
    const login = await fetch(`${url}/oauth/broadcast?return_url=/uk/&password=${TEST_PASSWORD}`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    await app.close();

    expect(log.length).toBeGreaterThan(0);
    // The lines were written, with what they are for: method, path, harmless parameters, status.
    expect(log).toContain('/wss/notice?token=[REDACTED]');
    expect(log).toContain('/wss/chat?token=[REDACTED]&lang=en');
    expect(log).toContain('/api/auth/me?access_token=[REDACTED]&lang=en');
    expect(log).toContain('/api/test/careless?token=[REDACTED]&x=1');
    expect(log).toContain(`/uk/events?token=[REDACTED]&user_id=${u.id}`);
    expect(log).toContain('"statusCode":500');
    expect(log).toContain(`Bearer ${REDACTED}`);
    expect(log).toContain(`"authorization":"${REDACTED}"`);
    expect(log).toContain(`"cookie":"${REDACTED}"`);
    // …and no secret in any of them.
    if (log.includes(u.token))
      console.log(
        log
          .split('\n')
          .filter((l) => l.includes(u.token))
          .join('\n'),
      );
    for (const [what, secret] of [
      ['session token', u.token],
      ['socket pass', ticket],
      ['password', TEST_PASSWORD],
    ] as const) {
      expect(log.includes(secret), `${what} in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `${what} (URL-encoded) in the log`).toBe(false);
    }
  });
});

describe('redaction rules', () => {
  it('redacts credential parameters by name and keeps the others', () => {
    expect(redactUrl('/wss/chat?token=abc&event=3')).toBe(`/wss/chat?token=${REDACTED}&event=3`);
    expect(redactUrl('/x?user%5Bpassword%5D=p&refreshToken=t&session_id=s&api-key=k&country_code=UA&code=1')).toBe(
      `/x?user%5Bpassword%5D=${REDACTED}&refreshToken=${REDACTED}&session_id=${REDACTED}&api-key=${REDACTED}&country_code=UA&code=${REDACTED}`,
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?TOKEN=a&Token=b&ticket=c')).toBe(`/x?TOKEN=${REDACTED}&Token=${REDACTED}&ticket=${REDACTED}`);
  });

  it('redacts credentials quoted in free text', () => {
    expect(redactText('GET ws://h/wss/notice?token=abc failed')).toBe(`GET ws://h/wss/notice?token=${REDACTED} failed`);
    expect(redactText('authorization: Bearer abc.def-ghi')).toBe(`authorization: Bearer ${REDACTED}`);
    expect(redactText(`cookie ${SESSION_COOKIE}=abc; other=1`)).toBe(`cookie ${SESSION_COOKIE}=${REDACTED}; other=1`);
  });
});

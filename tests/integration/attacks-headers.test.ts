import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { ownDataDir } from '../fixtures/server.ts';
import { liveEvent, person, type Person } from './attacks-helpers.ts';

/**
 * Framing, sniffing, script injection and downgrade defences in the headers of every answer: the
 * PWA's shell (at / and at a deep link), a hashed asset, the service worker, the API and the sync
 * feeds. Another origin may not frame the app; the policy allows scripts, styles, workers and
 * connections only from this server; HSTS and upgrade-insecure-requests only behind TLS. The
 * built app's working under this policy is proven by the browser suite, which fails on any
 * violation (tests/e2e/fixtures/browser.ts).
 */

let database: TestDatabase;
let plain: FastifyInstance;
let tls: FastifyInstance;
let dist: string;
let u: Person;
let eventId: number;

/** A stand-in for `npm run build`'s output: the server only needs the files to exist. */
function fakeDist(): string {
  const dir = ownDataDir('dist');
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  return dir;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dist = fakeDist();
  const config = (env: Record<string, string>) => ({ ...loadConfig({ DATA_DIR: '.tmp/test-data', SEED: 'none', ...env }), distDir: dist });
  plain = await buildApp({ config: config({}), database });
  tls = await buildApp({ config: config({ SECURE_COOKIES: '1', VIDEO_BASE_URL: 'http://video.venue.lan:8000/rooms' }), database });
  await Promise.all([plain.ready(), tls.ready()]);
  eventId = await liveEvent(database.db);
  u = await person(database.db, eventId);
});
afterAll(async () => {
  await plain?.close();
  await tls?.close();
  await database?.dispose();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The Content-Security-Policy as directive -> sources. */
function policy(header: unknown): Map<string, string[]> {
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const ANSWERS = () => [
  ['the shell at /', '/'],
  ['the shell at a deep link', `/uk/events/${eventId}`],
  ['a hashed asset', '/assets/index-abc123.js'],
  ['the service worker', '/sw.js'],
  ['a legacy API call', '/api/events/events-list'],
  ['a sync feed', '/sync/v1/events/pull'],
  ['a missing API path', '/api/no-such-call'],
  ['health', '/healthz'],
];

describe('security headers', () => {
  it('frame, sniffing, referrer and script policies are on every answer', async () => {
    for (const [what, url] of ANSWERS()) {
      const res = await plain.inject({ url, headers: { authorization: `Bearer ${u.token}`, host: 'foyer.venue.lan:8080' } });
      expect(res.statusCode, what).toBe(what === 'a missing API path' ? 404 : 200);
      expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
      expect(res.headers['strict-transport-security'], `${what}: no HSTS over plain http`).toBeUndefined();
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
      expect(csp.get('script-src'), what).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
      expect(csp.get('style-src'), what).toEqual(["'self'"]);
      expect(csp.get('object-src'), what).toEqual(["'none'"]);
      expect(csp.get('base-uri'), what).toEqual(["'self'"]);
      expect(csp.get('worker-src'), what).toEqual(["'self'"]);
      expect(csp.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src'), what).toEqual(["'self'", 'ws://foyer.venue.lan:8080', 'wss://foyer.venue.lan:8080']);
      expect(csp.get('frame-src'), what).toEqual(["'self'", 'https:']);
      expect(csp.has('upgrade-insecure-requests'), what).toBe(false);
      // Nothing that would let an injected script run.
      expect(String(res.headers['content-security-policy']), what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    }
  });

  it('adds HSTS and upgrade-insecure-requests behind TLS, and allows the call service named in VIDEO_BASE_URL', async () => {
    for (const [what, url] of ANSWERS()) {
      const res = await tls.inject({ url, headers: { authorization: `Bearer ${u.token}`, host: 'foyer.example.org' } });
      expect(res.headers['strict-transport-security'], what).toBe('max-age=31536000');
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.has('upgrade-insecure-requests'), what).toBe(true);
      expect(csp.get('connect-src'), what).toEqual(["'self'", 'wss://foyer.example.org']);
      expect(csp.get('frame-src'), what).toEqual(["'self'", 'https:', 'http://video.venue.lan:8000']);
    }
  });

  it('never copies a forged Host header into the policy', async () => {
    for (const host of ['evil.example; script-src *', "x' 'unsafe-inline", 'a b', 'x,y']) {
      const res = await plain.inject({ url: '/', headers: { host } });
      const header = String(res.headers['content-security-policy']);
      expect(header, host).not.toContain('unsafe-inline');
      expect(header, host).not.toContain('*');
      expect(policy(header).get('connect-src'), host).toEqual(["'self'"]);
      expect(policy(header).get('script-src'), host).toEqual(["'self'"]);
    }
  });

  it('keeps the stricter policy of pages the server renders itself', async () => {
    const frame = await plain.inject({ url: `/api/events/webinar/${eventId}` });
    expect(policy(frame.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    const avatar = await plain.inject({ url: `/files/avatars/${u.id}.svg` });
    expect(avatar.statusCode).toBe(200);
    expect(policy(avatar.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    expect(avatar.headers['x-content-type-options']).toBe('nosniff');
  });
});

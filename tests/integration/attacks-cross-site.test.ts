import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createTicket } from '../fixtures/factories.ts';
import { mailDir } from '../../server/mail/transport.ts';
import { chatSocket, upgradeStatus, type TestSocket } from './chat-helpers.ts';
import { bearer, call, commands, liveEvent, person, type Person } from './attacks-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * Cross-site requests and markup injection. A page of another site can make the user's browser
 * send requests with the user's cookie: every state-changing call refuses an Origin (or a
 * Sec-Fetch-Site label) of another site, the state-changing GETs refuse a cross-site label, no
 * answer grants CORS, and socket handshakes from another origin are refused. Markup in names,
 * comments and profiles is stored as text and comes back as JSON text; what the server renders
 * itself (SVG posters, avatars and logos, the frame pages, the ticket PDF and email) escapes it
 * or is no markup at all.
 */

let s: TestServer & { url: string };
let eventId: number;
let u: Person;
let host: string;
const EVIL = 'https://evil.example';
const XSS = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  s = await startTestServer({ listen: true });
  host = new URL(s.url).host;
  eventId = await liveEvent(s.app.db);
  u = await person(s.app.db, eventId);
});
afterAll(async () => {
  await Promise.all(sockets.map((x) => x.close()));
  await s?.close();
});

async function state() {
  const rows = async (q: ReturnType<typeof sql>) => JSON.stringify((await q.execute(s.app.db)).rows);
  return {
    users: await rows(sql`SELECT * FROM users ORDER BY id`),
    userEvents: await rows(sql`SELECT * FROM user_events ORDER BY 1, 2`),
    sessions: await rows(sql`SELECT user_id, expires_at FROM sessions ORDER BY 1, 2`),
    comments: await rows(sql`SELECT * FROM chat_comments ORDER BY id`),
    commands: await rows(sql`SELECT user_id, id FROM commands ORDER BY 1, 2`),
    relations: await rows(sql`SELECT * FROM user_relations ORDER BY 1, 2`),
    passes: await rows(sql`SELECT socket_passes.user_id FROM socket_passes ORDER BY 1`),
  };
}

describe('cross-site requests', () => {
  const target = () =>
    [
      ['/api/auth/login', { email: u.email, password: 'x' }],
      ['/api/auth/logout', {}],
      ['/api/auth/socket-pass', {}],
      ['/api/auth/socket-ticket', {}],
      ['/api/profile/save', { position: 'Pwned' }],
      ['/api/events/checkin', { event_id: eventId }],
      ['/api/events/uncheckin', { event_id: eventId }],
      [`/api/events/set-favorite/${eventId}`, {}],
      ['/api/events/add-comment', { event_id: eventId, comment: 'forged' }],
      ['/api/user/message-send', { to_id: u.id, text: 'forged' }],
      ['/api/user/like-user', { to_user_id: u.id, status: 1 }],
      [
        '/sync/v1/commands',
        { commands: [{ id: 'forged-cmd-1', kind: 'event.favorite', payload: { event_id: eventId, favorite: true }, occurredAt: new Date().toISOString() }] },
      ],
    ] as const;

  it('refuses every state-changing call that carries the Origin of another site, a null Origin or a cross-site label, and changes nothing', async () => {
    const before = await state();
    for (const headers of [
      { origin: EVIL },
      { origin: 'null' },
      { origin: `http://${host}.evil.example` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      for (const [url, payload] of target()) {
        const r = await s.app.inject({ method: 'POST', url, payload, headers: { ...bearer(u), ...headers } });
        expect(r.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await state()).toEqual(before);
    // The same call from the app's own origin works: the refusal was about the origin.
    const own = await s.app.inject({
      method: 'POST',
      url: '/api/profile/save',
      payload: { position: 'Fine' },
      headers: { ...bearer(u), host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.json().status_code).toBe(200);
  });

  it('refuses the state-changing GETs of the legacy API when the browser labels them cross-site', async () => {
    const other = await person(s.app.db, eventId);
    const before = await state();
    for (const url of [`/api/events/set-favorite/${eventId}`, `/api/visitors/set-favorite/${other.id}`]) {
      const r = await call(s.app, u, 'GET', url, undefined, { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' });
      expect(r.body, url).toMatchObject({ status_code: 403, error: 'forbidden' });
    }
    const ticket = await createTicket(s.app.db, eventId, u.id);
    const dir = mailDir(s.app.config.dataDir);
    const seen = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const mail = await call(s.app, u, 'GET', `/api/tickets/${ticket.id}/send-to-email`, undefined, { 'sec-fetch-site': 'cross-site' });
    expect(mail.body).toMatchObject({ error: 'forbidden' });
    const fresh = (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((f) => !seen.has(f));
    expect(fresh.filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes(u.email))).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it('grants no cross-origin reads: no answer carries CORS headers, and a preflight gets none', async () => {
    for (const url of ['/api/auth/me', '/api/profile/lite', `/sync/v1/my_events/pull?checkpoint=0`]) {
      const r = await s.app.inject({ url, headers: { ...bearer(u), origin: EVIL } });
      expect(r.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(r.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
    const pre = await s.app.inject({ method: 'OPTIONS', url: '/sync/v1/commands', headers: { origin: EVIL, 'access-control-request-method': 'POST' } });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses socket handshakes from another origin or a null one, and accepts its own', async () => {
    for (const path of ['/wss/chat', '/wss/notice']) {
      expect(await upgradeStatus(s.url, path, { token: u.token, origin: EVIL }), path).toBe(403);
      expect(await upgradeStatus(s.url, path, { token: u.token, origin: 'null' }), path).toBe(403);
      expect(await upgradeStatus(s.url, path, { token: u.token, origin: `http://${host}.evil.example` }), path).toBe(403);
      expect(await upgradeStatus(s.url, path, { token: u.token, origin: `http://${host}` }), path).toBe(101);
    }
  });
});

describe('markup in what users write', () => {
  it('stores profile and chat markup as text and returns it only as JSON text, over REST, pull and socket', async () => {
    const saved = await call<Envelope<{ first_name: string }>>(s.app, u, 'POST', '/api/profile/save', {
      first_name: XSS,
      last_name: XSS,
      position: XSS,
      status: XSS,
      help: XSS,
      company: XSS,
    });
    expect(saved.body?.status_code).toBe(200);
    expect(saved.headers['content-type']).toMatch(/^application\/json/);
    expect(saved.body?.data.first_name).toBe(XSS.trim());

    const listener = await chatSocket(s.url, u.token, u.id, eventId);
    sockets.push(listener);
    const posted = await call<Envelope<{ comment: { comment: string } }>>(s.app, u, 'POST', '/api/events/add-comment', { event_id: eventId, comment: XSS });
    expect(posted.body?.status_code).toBe(200);
    expect(posted.headers['content-type']).toMatch(/^application\/json/);
    expect(posted.body?.data.comment.comment).toBe(XSS);
    const frame = await listener.next('commentCreated');
    expect(frame.comment.comment).toBe(XSS);

    for (const url of [
      `/api/events/get-chat-messages?event_id=${eventId}`,
      `/sync/v1/comments/pull?checkpoint=0&event_id=${eventId}`,
      `/sync/v1/visitors/pull?checkpoint=0&event_id=${eventId}`,
      `/api/profile/lite?user_id=${u.id}`,
    ]) {
      const r = await s.app.inject({ url, headers: bearer(u) });
      expect(r.headers['content-type'], url).toMatch(/^application\/json/);
      expect(r.headers['x-content-type-options'] ?? 'nosniff', url).toBe('nosniff');
      expect(r.body, url).toContain(JSON.stringify(XSS).slice(1, 20));
    }
  });

  it('escapes names in the SVG posters, avatars and logos it draws, and serves them with a CSP that forbids script', async () => {
    const evilName = `</text><script>alert(1)</script><text onload="alert(2)">`;
    await s.app.db.updateTable('users').set({ first_name: evilName, last_name: '<svg onload=alert(3)>' }).where('id', '=', u.id).execute();
    await s.app.db.updateTable('events').set({ name: evilName }).where('id', '=', eventId).execute();
    const company = await s.app.db.insertInto('companies').values({ name: evilName, event_id: eventId }).returning('id').executeTakeFirstOrThrow();
    for (const url of [`/files/avatars/${u.id}.svg`, `/files/posters/${eventId}.svg`, `/files/logos/${company.id}.svg`]) {
      const r = await s.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(r.headers['content-security-policy'], url).toMatch(/default-src 'none'/);
      expect(r.headers['content-security-policy'], url).not.toMatch(/script-src/);
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
      // Exactly the drawing's own elements: nothing a name brought in.
      expect(r.body, url).not.toMatch(/<script|<\/text><script/i);
      // Outside quoted attribute values (where an escaped name may sit as text) no handler exists.
      expect(r.body.replace(/"[^"]*"/g, '""'), url).not.toMatch(/\son[a-z]+\s*=/i);
      const tags = [...r.body.matchAll(/<([a-zA-Z]+)/g)].map((m) => m[1]);
      expect(new Set(tags), url).toEqual(new Set(tags.filter((t) => ['svg', 'defs', 'linearGradient', 'stop', 'rect', 'circle', 'text', 'g'].includes(t!))));
      expect(r.body.match(/<svg/g)!.length, url).toBe(1);
    }
  });

  it('escapes the event name in the frame pages it renders as HTML', async () => {
    await s.app.db.updateTable('events').set({ name: XSS, is_webinar: true, webinar_link: '/live/xss-demo' }).where('id', '=', eventId).execute();
    const r = await s.app.inject({ url: '/live/xss-demo', headers: bearer(u) });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(r.body).not.toContain('<script>');
    expect(r.body).not.toContain('<img');
    expect(r.body).toContain('&#60;script&#62;');
  });

  it('puts markup from names into the ticket PDF and email only as text', async () => {
    await s.app.db.updateTable('users').set({ first_name: XSS, last_name: 'Holder' }).where('id', '=', u.id).execute();
    await s.app.db
      .updateTable('events')
      .set({ name: `Event ${XSS}`, is_webinar: false })
      .where('id', '=', eventId)
      .execute();
    const ticket = await createTicket(s.app.db, eventId, u.id);
    const pdf = await s.app.inject({ url: `/api/tickets/${ticket.id}/pdf`, headers: bearer(u) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="[^"<>\r\n]+"$/);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const dir = mailDir(s.app.config.dataDir);
    const before = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const sent = await call(s.app, u, 'POST', `/api/tickets/${ticket.id}/send-to-email`);
    expect(sent.body?.status_code).toBe(200);
    const mine = fs
      .readdirSync(dir)
      .filter((f) => !before.has(f) && f.endsWith('.eml'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((t) => t.includes(u.email));
    expect(mine.length).toBe(1);
    const eml = mine[0]!;
    expect(eml).not.toMatch(/content-type:\s*text\/html/i);
    // No header injection: the subject and addresses are each one line.
    expect(eml.split('\r\n\r\n')[0]).not.toMatch(/<script/);
  });

  it('accepts markup as a command payload as text, never as anything else', async () => {
    const { results } = await commands(s.app, u, [{ kind: 'profile.update', payload: { position: XSS } }]);
    expect(results[0]!.status).toBe('applied');
    const me = await call<Envelope<{ position: string }>>(s.app, u, 'GET', '/api/profile/lite');
    expect(me.body?.data.position).toBe(XSS.trim());
  });
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createMemoryBus } from '../../server/realtime/bus.ts';
import { renameAccount } from '../../server/domain/profile/account.ts';
import { createWriter } from '../../server/domain/write.ts';
import { legacyErrorHandler } from '../../server/routes/envelope.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../fixtures/db.ts';
import { TEST_PASSWORD } from '../fixtures/factories.ts';
import { call, commands, liveEvent, person, type Person } from './attacks-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import type { VisitorDoc } from '../../contract/visitors.ts';

/**
 * Input the database cannot store and names that pretend to be something else. A NUL byte
 * anywhere in a request (query, path, body, a key) is refused before any SQL, on every REST route,
 * with or without a session; a data error that still reaches SQL (SQLSTATE class 22) is answered as
 * bad input, never 500. Names lose their bidi controls and invisible characters on every path that
 * takes one, and a name left without a letter or digit is refused with its own error code.
 */

let database: TestDatabase;
let app: FastifyInstance;
let eventId: number;
let u: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { ...loadConfig({ DATA_DIR: '.tmp/test-data', SEED: 'none' }), distDir: '/nonexistent' };
  app = await buildApp({ config, database });
  // Routes whose SQL fails on the data itself, to prove the answer of each kind of error handler
  // (the app's, and the legacy areas' envelope) without depending on a route that has a hole.
  const failing = (q: string) => async () => sql.raw(q).execute(app.db);
  app.get('/sync/test/data-error', failing("SELECT 'not a number'::int"));
  app.get('/api/test/data-error', failing("SELECT '2147483648'::int"));
  await app.register(async (area) => {
    area.setErrorHandler(legacyErrorHandler);
    area.get('/api/test/legacy-data-error', failing("SELECT 'tomorrow-ish'::timestamptz"));
  });
  await app.ready();
  eventId = await liveEvent(database.db);
  u = await person(database.db, eventId, { first_name: 'Anna', last_name: 'Kovalenko' });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

/** A clear refusal: HTTP 200 with the envelope's 400 under /api, HTTP 400 elsewhere. */
function refused(res: { http: number; body: Envelope<unknown> | null }, what: string, code = 'invalid_input') {
  expect(res.http, what).not.toBe(500);
  expect(res.body?.status_code, what).toBe(400);
  expect(res.body?.error, what).toBe(code);
}

const nameOf = async (id: number) => database.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirstOrThrow();

describe('NUL bytes', () => {
  it("answers the review's two 500s with 400: a NUL in a search and in a login email, without a session", async () => {
    const search = await call(app, null, 'GET', '/api/events/autocomplete?q=a%00b');
    refused(search, 'autocomplete');
    expect(search.http).toBe(200);
    const login = await call(app, null, 'POST', '/api/auth/login', { email: `${u.email}\u0000`, password: TEST_PASSWORD });
    refused(login, 'login');
    expect(login.body?.data).toBeNull();
  });

  it('refuses a NUL in a query, a path, a JSON or form body and a key, on legacy, sync and auth routes alike', async () => {
    const before = await nameOf(u.id);
    const cases: [string, ReturnType<typeof call<Envelope<unknown>>>][] = [
      ['visitors search', call(app, u, 'GET', `/api/visitors/get-main-page-users?event_id=${eventId}&search=x%00`)],
      ['companies search', call(app, null, 'GET', `/api/companies?event_id=${eventId}&search=%00`)],
      ['array query', call(app, u, 'GET', `/api/events/events-list?lang=en&lang=e%00n`)],
      ['path', call(app, null, 'GET', '/api/events/1%00')],
      ['json body', call(app, u, 'POST', '/api/profile/save', { company: 'Acme\u0000' })],
      ['nested json', call(app, u, 'POST', '/api/profile/save', { social: { telegram: '\u0000' } })],
      ['json key', call(app, u, 'POST', '/api/profile/save', { 'company\u0000': 'x' })],
      ['form body', call(app, u, 'POST', '/api/profile/save', 'company=Acme%00', { 'content-type': 'application/x-www-form-urlencoded' })],
      ['sync pull', call(app, u, 'GET', '/sync/v1/events/pull?checkpoint=0&x=%00')],
      ['oauth', call(app, null, 'GET', '/oauth/broadcast?return_url=/uk/%00')],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      refused(res, what);
      expect(res.http, what).toBe(what === 'sync pull' || what === 'oauth' ? 400 : 200);
    }
    expect(await nameOf(u.id)).toEqual(before);
    const company = await database.db.selectFrom('users').select('company').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(company.company).not.toContain('\u0000');
  });

  it('answers a data error that reaches SQL as invalid input under every error handler', async () => {
    refused(await call(app, null, 'GET', '/sync/test/data-error'), 'app handler');
    expect((await call(app, null, 'GET', '/sync/test/data-error')).http).toBe(400);
    const api = await call(app, null, 'GET', '/api/test/data-error');
    refused(api, 'app handler under /api');
    expect(api.http).toBe(200);
    const legacy = await call(app, null, 'GET', '/api/test/legacy-data-error');
    refused(legacy, 'legacy envelope');
    expect(legacy.http).toBe(200);
    // A real route: an event id beyond PostgreSQL's integer reaches the feed's SQL.
    const pull = await call(app, u, 'GET', '/sync/v1/visitors/pull?checkpoint=0&event_id=2147483648');
    expect(pull.http, pull.raw).toBe(400);
  });
});

describe('spoofed names', () => {
  const spoof = '\u202EnimdA';
  const invisible = '\u200B\u200C\u200D\u2060\uFEFF\u00AD\u3164';

  it('cleans a profile.update name of bidi controls and invisible characters, and refuses one left empty', async () => {
    const v = await person(database.db, eventId, { first_name: 'Maria', last_name: 'Petrenko' });
    const applied = await commands(app, v, [{ kind: 'profile.update', payload: { first_name: spoof, last_name: `Pe\u200Btren\u2066ko\u2069 ` } }]);
    expect(applied.results[0]).toMatchObject({ status: 'applied' });
    expect(await nameOf(v.id)).toEqual({ first_name: 'nimdA', last_name: 'Petrenko' });

    const empty = await commands(app, v, [
      { kind: 'profile.update', payload: { first_name: invisible } },
      { kind: 'profile.update', payload: { first_name: ' \u0301\u0301 ' } },
      { kind: 'profile.update', payload: { last_name: '\u200F\u200F' } },
    ]);
    // A last name may be empty; a first name may not.
    expect(empty.results.map((r) => r.code ?? r.status)).toEqual(['invalid_name', 'invalid_name', 'applied']);
    expect(await nameOf(v.id)).toEqual({ first_name: 'nimdA', last_name: '' });

    // What other people receive is the cleaned name, in the visitors feed as in the legacy lists.
    const feed = await call<{ documents: VisitorDoc[] }>(app, u, 'GET', `/sync/v1/visitors/pull?checkpoint=0&limit=2000&event_id=${eventId}`);
    const doc = feed.body?.documents.find((d) => d.user_id === v.id);
    expect(doc?.first_name).toBe('nimdA');
  });

  it('cleans and refuses names the same way in the legacy profile save, with the field named', async () => {
    const v = await person(database.db, eventId, { first_name: 'Oleh', last_name: 'Bondar' });
    const saved = await call(app, v, 'POST', '/api/profile/save', { first_name: `O\u0301leh\u200D`, last_name: 'Bon\u202Adar\u202C' });
    expect(saved.body?.status_code, saved.raw).toBe(200);
    // NFC: the acute composed with its letter.
    expect(await nameOf(v.id)).toEqual({ first_name: 'Óleh', last_name: 'Bondar' });
    const refusedSave = await call(app, v, 'POST', '/api/profile/save', { first_name: invisible, company: 'Acme' });
    expect(refusedSave.body).toMatchObject({ status_code: 400, error: 'invalid_name', message: 'first_name' });
    const unchanged = await database.db.selectFrom('users').select(['first_name', 'company']).where('id', '=', v.id).executeTakeFirstOrThrow();
    expect(unchanged.first_name).toBe('Óleh');
    expect(unchanged.company).not.toBe('Acme');
  });

  it('lets an operator correct a name through the same rules (scripts/account.ts rename)', async () => {
    const v = await person(database.db, eventId, { first_name: 'Admin', last_name: '' });
    await createWriter(database.db, createMemoryBus()).run((trx) => renameAccount(trx, v.id, { first_name: `Iv\u200Ban`, last_name: '\u2067Franko' }));
    expect(await nameOf(v.id)).toEqual({ first_name: 'Ivan', last_name: 'Franko' });
    await expect(createWriter(database.db, createMemoryBus()).run((trx) => renameAccount(trx, v.id, { first_name: invisible }))).rejects.toMatchObject({
      code: 'invalid_name',
      detail: 'first_name',
    });
  });

  // A process of its own needs a database another connection can reach, which PGlite in memory is not.
  it.runIf(TEST_DB_KIND === 'postgres')('renames from the command line, and refuses an invisible name there', async () => {
    const v = await person(database.db, eventId, { first_name: 'Petro', last_name: 'Sydorenko' });
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/account.ts', 'rename', v.email, ...args], {
        env: { ...process.env, DATABASE_URL: database.url!, REDIS_URL: '', SEED: 'none' },
      });
    const out = await run(`\u202Eortep`, 'Sydorenko');
    expect(out.stdout).toContain('"ortep Sydorenko"');
    expect(await nameOf(v.id)).toEqual({ first_name: 'ortep', last_name: 'Sydorenko' });
    await expect(run('\u200B')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('first name') });
    expect((await nameOf(v.id)).first_name).toBe('ortep');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { createUser } from '../fixtures/factories.ts';
import { login } from '../fixtures/server.ts';
import type { TicketDesignSettings } from '../../contract/tickets.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * Tickets on the real server: the legacy calls with their catalogue and permissions, the tickets
 * feed, the PDF (parsed, its text read, its QR code decoded from the drawing), and the email both as
 * an .eml file and through SMTP to a small server the PDF file runs on loopback.
 */

export let database: TestDatabase;
export let app: FastifyInstance;
export let dataDir: string;

export async function appWith(over: { dataDir: string; smtpUrl?: string }): Promise<FastifyInstance> {
  const config = { ...loadConfig({ DATA_DIR: over.dataDir, SEED: 'none' }), distDir: '/nonexistent', smtpUrl: over.smtpUrl };
  const a = await buildApp({ config, database });
  await a.ready();
  return a;
}

/** Starts what these files share before their first test and stops it after their last. */
export function serveTicketsFiles(): void {
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-tickets-'));
    app = await appWith({ dataDir });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

/** A ticket as the legacy calls answer it, as far as these tests read it. */
export interface TicketEntity {
  id: number;
  code: string;
  qr: string;
  event: { name: string };
  user: unknown;
}
/** The data of the answers these tests read; each call answers some of these fields. */
export interface Answer extends TicketEntity {
  tickets: TicketEntity[];
  items: TicketEntity[];
  total: number;
  counts?: unknown;
  settings: TicketDesignSettings;
  ticket: unknown;
  public_key: string;
  locked_until: number;
  retry_after: number;
}
export type Body = Envelope<Answer>;
export const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
export async function get(url: string, token?: string, headers: Record<string, string> = {}, on: FastifyInstance = app) {
  const res = await on.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } });
  return {
    http: res.statusCode,
    // A PDF or a picture has no JSON body: the tests of those read `raw`, never `body`.
    body: String(res.headers['content-type'] ?? '').startsWith('application/json') ? (res.json() as Body) : ({} as Body),
    raw: res.rawPayload,
    headers: res.headers,
  };
}
export async function post(url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url, payload: payload as string, headers: { ...auth(token), ...headers } });
  return { http: res.statusCode, body: res.json() as Body };
}

export interface Person {
  id: number;
  email: string;
  token: string;
}
export async function person(over: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const u = await createUser(app.db, over);
  return { id: u.id, email: u.email, token: (await login(app, u.email)).token };
}
export async function own(eventId: number, userId: number) {
  await app.db.insertInto('user_events').values({ event_id: eventId, user_id: userId, is_owner: true, role: 'organizer' }).execute();
}

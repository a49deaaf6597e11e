import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, login, ownDataDir, type TestServer } from '../fixtures/server.ts';
import { acceptInvitation } from '../fixtures/invitations.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import type { DoorTicketDoc } from '../../contract/tickets.ts';
import { doorTicketsFeed } from '../../server/domain/checkin/feed.ts';
import type { CommandResult } from '../../contract/commands.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * Door check-in against the real server: the ticket.scan command (replays, two offline devices in
 * both upload orders), the door feed and its permissions, the door calls, and the legacy
 * events/checkin catalogue that must not change.
 */

export let s: TestServer;
export const dataDir = ownDataDir('checkin-scans');
/** Starts what these files share before their first test and stops it after their last. */
export function serveCheckinFiles(): void {
  beforeAll(async () => {
    s = await startTestServer({ dataDir });
  });
  afterAll(async () => s?.close());
}

/** A scan or a door person as the door's calls list them, as far as these tests read it. */
export interface Item {
  user_id: number;
  received_at_ms: number;
  scans: { device_id: string; scanned_at_ms: number; duplicate_of: string | null }[];
}
/** The data of the answers these tests read; each call answers some of these fields. */
export interface Answer {
  qr: string;
  public_key: string;
  role: string;
  count: number;
  items: Item[];
  signature: string | null;
  ticket: DoorTicketDoc;
}
export type Body = Envelope<Answer>;
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
export async function get(url: string, token?: string) {
  const res = await s.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
  return { http: res.statusCode, body: res.json() as Body };
}
export async function post(url: string, payload: unknown, token?: string) {
  const res = await s.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });
  return { http: res.statusCode, body: res.json() as Body };
}

export interface Person {
  id: number;
  email: string;
  token: string;
}
export async function person(): Promise<Person> {
  const u = await createUser(s.app.db);
  return { id: u.id, email: u.email, token: (await login(s.app, u.email)).token };
}

/** An event with an owner, a door staff member, an outsider and two ticket holders. */
export async function door() {
  const event = await createEvent(s.app.db, { is_free: false });
  const [owner, staff, outsider, anna, bohdan] = await Promise.all([person(), person(), person(), person(), person()]);
  await s.app.db.insertInto('user_events').values({ event_id: event.id, user_id: owner.id, is_owner: true, role: 'organizer' }).execute();
  // By email the worker is invited, and works the door once they accept the mailed link.
  const added = await post('/api/checkin/staff', { event_id: event.id, email: staff.email.toUpperCase() }, owner.token);
  expect(added.body).toMatchObject({ status_code: 200, data: { result: true, invited: true } });
  await acceptInvitation(s.app, dataDir, staff);
  const t1 = await createTicket(s.app.db, event.id, anna.id);
  const t2 = await createTicket(s.app.db, event.id, bohdan.id);
  return { eventId: event.id, owner, staff, outsider, anna, bohdan, t1, t2 };
}

export async function qrOf(ticketId: number, token: string): Promise<string> {
  const r = await get(`/api/tickets/${ticketId}`, token);
  expect(r.body.status_code).toBe(200);
  return r.body.data.qr;
}

export let seq = 0;
export function scan(code: string, deviceId: string, at: string, extra: Record<string, unknown> = {}) {
  return {
    id: `scan-${++seq}-${Math.random().toString(36).slice(2, 10)}`,
    kind: 'ticket.scan',
    payload: { code, device_id: deviceId, scanned_at: at, ...extra },
    occurredAt: at,
  };
}
export async function upload(token: string, commands: ReturnType<typeof scan>[]) {
  const res = await s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(token), payload: { commands } });
  expect(res.statusCode).toBe(200);
  return res.json().results as CommandResult[];
}
export async function scansOf(ticketId: number) {
  return s.app.db.selectFrom('checkins').selectAll().where('ticket_id', '=', ticketId).orderBy('scanned_at').execute();
}
export async function pullDoor(eventId: number, userId: number | null, checkpoint = 0, limit = 500) {
  return doorTicketsFeed(s.app.db, { userId, checkpoint, limit, scope: { event_id: String(eventId) } });
}

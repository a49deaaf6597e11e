import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createTicket, createUser } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/** What the chat-api* files share: one server per file, the chat's calls and the people who post. */

/** A comment as the chat answers carry it, as far as these tests read it. */
export interface Comment {
  id: number;
  comment: string;
  is_blocked_in_chat: boolean;
  likes: { like: number; dislike: number; my_like_type: number };
}
/** A page of the chat: its comments and their authors. */
export interface ChatPage {
  comment_data: { count: number; items: Comment[] };
  users: Record<string, { is_blocked_in_chat: boolean }>;
  is_blocked: boolean;
}
/** What the chat's commands answer, as far as these tests read it; each answers some of these. */
export interface Done {
  result: boolean;
  comment: Comment;
  likes: unknown;
}
export let s: TestServer;
/** Starts what these files share before their first test and stops it after their last. */
export function serveChatFiles(): void {
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());
}

export const auth = (token?: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

export async function list(token: string | null, query: string): Promise<{ http: number; body: Envelope<ChatPage>; type: string }> {
  const res = await s.app.inject({ url: `/api/events/get-chat-messages?${query}`, headers: auth(token) });
  return { http: res.statusCode, body: res.json(), type: String(res.headers['content-type']) };
}

export async function post(token: string | null, url: string, payload: Record<string, unknown>): Promise<Envelope<Done>> {
  const res = await s.app.inject({ method: 'POST', url, headers: auth(token), payload });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A person with a ticket for the event, signed in. */
export async function attendee(eventId: number) {
  const u = await createUser(s.app.db);
  await createTicket(s.app.db, eventId, u.id);
  return { id: u.id, token: (await login(s.app, u.email)).token };
}

export async function signedIn() {
  const u = await createUser(s.app.db);
  return { id: u.id, token: (await login(s.app, u.email)).token };
}

export async function liveCount(eventId: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_comments WHERE event_id = ${eventId} AND NOT deleted`.execute(s.app.db);
  return r.rows[0]!.n;
}

import { afterAll, beforeAll, expect } from 'vitest';
import type { Updateable } from 'kysely';
import { Value } from '@sinclair/typebox/value';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createUser, ensureGeo } from '../fixtures/factories.ts';
import { VisitorsCollection, type VisitorDoc } from '../../contract/visitors.ts';
import type { UsersTable } from '../../server/db/types.ts';
import { FeedScopeError } from '../../server/domain/feed/feed.ts';
import { PageCache } from '../../server/domain/feed/page-cache.ts';
import { visitorsFeed, visitorsFeedJson } from '../../server/domain/visitors/feed.ts';

/** What the visitors-feed* files share: one server per file, the people they check in, and the pulls of the visitors feed. */

export let s: TestServer;
/** Starts what these files share before their first test and stops it after their last. */
export function serveVisitorsFeedFiles(): void {
  beforeAll(async () => {
    s = await startTestServer();
    await ensureGeo(s.app.db);
  });
  afterAll(async () => s?.close());
}

export const pages = new PageCache(64 * 1024 * 1024);
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
export type Doc = VisitorDoc & { deleted: boolean };

export interface TestUser {
  id: number;
  email: string;
  token: string;
}
export async function newUser(patch?: Updateable<UsersTable>, over: Parameters<typeof createUser>[1] = {}): Promise<TestUser> {
  const u = await createUser(s.app.db, over);
  if (patch && Object.keys(patch).length) await s.app.db.updateTable('users').set(patch).where('id', '=', u.id).execute();
  const { token } = await login(s.app, u.email);
  return { id: u.id, email: u.email, token };
}
export async function checkIn(eventId: number, userId: number, patch: Record<string, unknown> = {}) {
  await s.app.db
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId, checked_in: true, checked_in_at: new Date(), ...patch })
    .execute();
}

/**
 * One page of the visitors feed, checked against the collection's schema, and the same page as the
 * database writes it for the pull route (visitorsFeedJson, with and without the shared pages), which
 * must be the very text JSON.stringify makes of the answer: every scenario of the visitors-feed* files holds them equal.
 */
export async function pull(viewer: TestUser | null, eventId: number | string | undefined, checkpoint = 0, limit = 500) {
  const scope: Record<string, string> = eventId === undefined ? {} : { event_id: String(eventId) };
  const args = { userId: viewer?.id ?? null, checkpoint, limit, scope };
  const page = await visitorsFeed(s.app.db, args);
  const docs = page.documents as Doc[];
  for (const d of docs) expect(Value.Check(VisitorsCollection.schema, d), JSON.stringify(d)).toBe(true);
  const answer = JSON.stringify({ documents: docs, checkpoint: docs.at(-1)?.rev ?? checkpoint });
  // What the pull's headers say ahead of the body (SYNC_PULL_COUNT_HEADER) is what the body holds.
  const shape = { text: answer, count: docs.length, checkpoint: docs.at(-1)?.rev ?? checkpoint };
  expect(await visitorsFeedJson(s.app.db, args)).toMatchObject(shape);
  // Through the shared pages too, kept across every scenario of a file: each pulls again after
  // its writes, so a page answered at a version it was not read at would fail here.
  for (let i = 0; i < 2; i++) expect(await visitorsFeedJson(s.app.db, { ...args, pages })).toMatchObject(shape);
  return { docs, checkpoint: docs.at(-1)?.rev ?? checkpoint };
}
/** Everything past a checkpoint, page by page, as the worker pulls it. */
export async function pullAll(viewer: TestUser, eventId: number, checkpoint = 0, limit = 500) {
  const all: Doc[] = [];
  let cp = checkpoint;
  for (;;) {
    const page = await pull(viewer, eventId, cp, limit);
    all.push(...page.docs);
    cp = page.checkpoint;
    if (page.docs.length < limit) return { docs: all, checkpoint: cp };
  }
}
export async function refusal(viewer: TestUser | null, eventId: number | string | undefined) {
  try {
    await pull(viewer, eventId);
  } catch (err) {
    if (err instanceof FeedScopeError) return [err.statusCode, err.code];
    throw err;
  }
  return undefined;
}
export const byUser = (docs: Doc[]) => new Map(docs.map((d) => [d.user_id as number, d]));
export const send = (token: string, commands: unknown[]) =>
  s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(token), payload: { commands } });
export const post = (url: string, payload: unknown, token: string) => s.app.inject({ method: 'POST', url, payload: payload as string, headers: auth(token) });

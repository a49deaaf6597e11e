import { randomBytes } from 'node:crypto';
import { HANDOFF_TTL_MS, LINK_TOKEN_PATTERN, type HandoffPreview } from '../../../contract/accounts.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { deleteSessionRow, deleteSocketPasses } from '../auth/repository.ts';
import { createSession, digest } from '../auth/sessions.ts';
import { quiet, type Effect } from '../effects.ts';
import {
  accountIsLive,
  accountLabel,
  handoffRow,
  insertHandoffCode,
  liveSessionOf,
  purgeHandoffs,
  recordSessionHandoff,
  spendHandoffCode,
} from './handoff-repository.ts';

/**
 * The specs' session handoff (events.md §4 "Session"): a page opened with `?token=…&user_id=…` is
 * signed in as that user. The token is what the mobile app holds, its own long-lived session, so
 * the browser never gets it as its cookie: the handoff is exchanged once for a new browser session.
 *
 * - A token is taken in one of two forms. An app's session token works only within HANDOFF_TTL_MS
 *   of that session's start (the login broadcast's redirect comes seconds after the login) and
 *   only once: the exchange is recorded under the token's digest. A code an app asks for
 *   (`POST /api/auth/handoff-code`, with its Bearer token) works once within HANDOFF_TTL_MS of
 *   being made; that is how an app hands a browser over at any later time. Both look alike in the
 *   URL, so the address format of the specs stays.
 * - A browser signed in as somebody else is never switched without a yes: the call answers
 *   `handoff_confirm` with both names and changes nothing (the link is not spent), and only a call
 *   with `confirm` switches; the old browser session then ends like a logout.
 * - A browser already signed in as the link's user spends the link and keeps its session.
 * - Whatever refuses a link (unknown, spent, late, another user, a disabled or removed account)
 *   answers the same `link_invalid`.
 */

const TOKEN_RE = new RegExp(LINK_TOKEN_PATTERN);

interface HandoffLink {
  userId: number;
  kind: 'session' | 'code';
  hash: Buffer;
  /** The end of the window in which it may be exchanged. */
  expiresAt: Date;
}

function invalid(): never {
  throw new DomainError('link_invalid', 'token');
}

/** The link as it stands, or link_invalid; spends nothing. */
async function readLink(q: Q, token: string, userId: number, now: Date): Promise<HandoffLink> {
  if (!TOKEN_RE.test(token)) invalid();
  const hash = digest(token);
  const recorded = await handoffRow(q, hash);
  if (recorded) {
    // A session token recorded here was exchanged already: the same URL cannot sign in twice.
    if (recorded.kind !== 'code' || recorded.used_at !== null || recorded.expires_at <= now || recorded.user_id !== userId) invalid();
    if (!(await accountIsLive(q, userId))) invalid();
    return { userId, kind: 'code', hash, expiresAt: recorded.expires_at };
  }
  const session = await liveSessionOf(q, hash, now);
  if (!session || session.user_id !== userId) invalid();
  const expiresAt = new Date(session.created_at.getTime() + HANDOFF_TTL_MS);
  if (expiresAt <= now) invalid();
  return { userId, kind: 'session', hash, expiresAt };
}

/** Who the link would sign in and who is signed in now, for the question; spends nothing. */
export async function previewHandoff(q: Q, token: string, userId: number, current: number | null, now = new Date()): Promise<HandoffPreview> {
  const link = await readLink(q, token, userId, now);
  return {
    user_id: link.userId,
    name: await accountLabel(q, link.userId),
    current: current === null ? null : { user_id: current, name: await accountLabel(q, current) },
  };
}

export interface CurrentSession {
  userId: number;
  /** The session's token, as the request carried it. */
  token: string;
}

export type HandoffOutcome = { effect: Effect; userId: number } & ({ kind: 'kept' } | { kind: 'signed_in'; token: string });

/**
 * Spends the link and signs the browser in with a session of its own. `confirm` must be given
 * when the browser is signed in as somebody else (the route asks first). Runs in the write
 * transaction, so the check and the spending see one order of events.
 */
export async function exchangeHandoff(
  trx: Tx,
  input: { token: string; userId: number; confirm: boolean; current: CurrentSession | null; userAgent: string },
  now = new Date(),
): Promise<HandoffOutcome> {
  const link = await readLink(trx, input.token, input.userId, now);
  const { current } = input;
  if (current && current.userId !== link.userId && !input.confirm) throw new DomainError('handoff_confirm');
  await purgeHandoffs(trx, now);
  const spent =
    link.kind === 'code'
      ? await spendHandoffCode(trx, link.hash, now)
      : await recordSessionHandoff(trx, { token_hash: link.hash, user_id: link.userId, expires_at: link.expiresAt }, now);
  if (!spent) invalid();
  if (current?.userId === link.userId) return { kind: 'kept', userId: link.userId, effect: quiet() };
  const token = await createSession(trx, link.userId, input.userAgent);
  if (!current) return { kind: 'signed_in', token, userId: link.userId, effect: quiet() };
  // The browser leaves the other account: that session ends like a logout, its sockets with it.
  const hash = digest(current.token);
  await deleteSessionRow(trx, hash);
  await deleteSocketPasses(trx, current.userId, hash);
  return {
    kind: 'signed_in',
    token,
    userId: link.userId,
    effect: { ids: [], collections: [], userIds: [current.userId], sessionsEnded: [{ userId: current.userId, session: hash.toString('hex') }] },
  };
}

/** A one-time code that hands the asking app's account to a browser (`?token=<code>&user_id=<id>`). */
export async function issueHandoffCode(trx: Tx, userId: number, now = new Date()): Promise<{ effect: Effect; token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + HANDOFF_TTL_MS);
  await insertHandoffCode(trx, { token_hash: digest(token), user_id: userId, expires_at: expiresAt }, now);
  return { effect: quiet(), token, expiresAt };
}

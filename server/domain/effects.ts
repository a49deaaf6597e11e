import type { Kysely } from 'kysely';
import type { Locale } from '../../contract/constants.ts';
import type { PushMessage } from '../../contract/push.ts';
import { USER_SCOPED } from '../../contract/entities.ts';
import type { WsComment, WsUser } from '../../contract/ws.ts';
import type { Config } from '../config.ts';
import type { DB } from '../db/types.ts';

/**
 * What a write changed, as every service answers it. The write runner (write.ts) announces it after
 * the commit; nothing else publishes. An Effect with no collections changes nothing a device holds
 * (a non-replicated row, a replay, a no-op) and announces nothing.
 */
export interface Effect {
  ids: string[];
  collections: string[];
  /** Users who can see the change in user-scoped collections. */
  userIds: number[];
  /**
   * For event-scoped collections (sync/engine/scopes.ts): the events whose documents changed. The hint
   * carries them, so a device wakes only the replications of those events; absent means any.
   */
  eventIds?: number[];
  /** Sessions this write ended (a logout, a disabled account): their sockets and streams close. */
  sessionsEnded?: SessionEnded[];
  /**
   * A comment this write created, as the sockets' commentCreated frame carries it (chat/service.ts).
   * It must be the write's only change to the chat (comments, votes, blocks): the fan-out sends it
   * and reads nothing for that hint (realtime/changes.ts).
   */
  created?: CreatedComment;
  /**
   * Users whose account itself changed (name, email, verification): what any instance remembers of
   * their sessions is stale (plugins/session-cache.ts), even when no device document moved.
   */
  accountsChanged?: number[];
  /**
   * Work for after the commit that must not hold the transaction and must not happen if it rolls
   * back: mail, above all. The service that decides a mail says so here, and the write runner runs
   * it for whichever entry point called (write.ts), so no entry point restates it. A transaction
   * retried after a serialisation failure runs the service again and so answers its jobs afresh.
   */
  jobs?: AfterCommitJob[];
}

/** A browser's Web Push subscription as the server keeps it. */
export interface PushEndpoint {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Web Push as a job sees it. Declared here, where jobs get their tools, so that the write runner
 * does not depend on the notices area that makes the real one (notices/push.ts).
 */
export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey(): Promise<string>;
  /** 'gone' when the push service no longer knows the browser (404, 410). */
  send(sub: PushEndpoint, message: PushMessage): Promise<'sent' | 'gone'>;
}

/** What a job after a commit may use; the write runner hands it over. */
export interface JobDeps {
  /** Mail settings; null in a process that mails nothing (the seed, the operator's CLI, some tests). */
  mail: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'> | null;
  /** Web Push (notices/push.ts); null in a process that pushes nothing, like `mail`. */
  push: PushSender | null;
  /** For jobs that read what the write committed (the notice emails). */
  db: Kysely<DB>;
  /** The language of whoever made the write: for mail to people whose own language is unknown. */
  lang: Locale;
  log: { warn(obj: unknown, msg?: string): void };
}

/** Runs once after the commit; a failure is logged by the runner and never fails the write. */
export type AfterCommitJob = (deps: JobDeps) => Promise<void>;

/** The effect with `jobs` added after any it already carries. */
export function withJobs(effect: Effect, ...jobs: AfterCommitJob[]): Effect {
  return jobs.length ? { ...effect, jobs: [...(effect.jobs ?? []), ...jobs] } : effect;
}

export interface CreatedComment {
  comment: WsComment;
  user: WsUser;
  /**
   * The row's rev as inserted, so a later read can tell whether the row moved on since (a vote).
   * Hints from instances that predate it come without; the fan-out then reads after them.
   */
  rev?: number;
}

/** A service's answer: its Effect alone, or the Effect with what the caller answers besides. */
export type Outcome = Effect | { effect: Effect };

export function effectOf(outcome: Outcome): Effect {
  return 'effect' in outcome ? outcome.effect : outcome;
}

/** An answer that changed nothing anybody must hear about; `ids` still name what it was about. */
export function quiet(ids: (string | number)[] = []): Effect {
  return { ids: ids.map(String), collections: [], userIds: [] };
}

/** The channel on which committed changes are announced to the live hint streams and the socket fan-out. */
export const HINTS_CHANNEL = 'foyer:hints';

export interface ChangeHint {
  collections: string[];
  /** Set when only these users can see the change; absent for public collections. */
  userIds?: number[];
  /** The events whose event-scoped documents changed (Effect.eventIds); absent means any. */
  eventIds?: number[];
  /** A new comment, sent to sockets as it is (realtime/changes.ts); the hint streams ignore it. */
  created?: CreatedComment;
}

/** The hints of an Effect: one for the public collections, one for the user-scoped ones. */
export function effectToHints(effect: Effect): ChangeHint[] {
  const scoped = effect.collections.filter((c) => USER_SCOPED.has(c));
  const open = effect.collections.filter((c) => !USER_SCOPED.has(c));
  const hints: ChangeHint[] = [];
  // User-scoped collections never take event ids: their replications are not per event.
  const events = effect.eventIds?.length ? { eventIds: [...new Set(effect.eventIds)] } : {};
  const created = effect.created ? { created: effect.created } : {};
  if (open.length) hints.push({ collections: open, ...events, ...created });
  if (scoped.length) hints.push({ collections: scoped, userIds: effect.userIds });
  return hints;
}

/**
 * Ending a session ends its live connections too. The announcement goes to every instance, which
 * closes the sockets and hint streams it holds for that session (or, for a disabled account, for
 * every session of the user) at once (realtime/sessions.ts).
 */
export const SESSIONS_CHANNEL = 'foyer:sessions';

/** Effect.accountsChanged, announced to every instance as `{ userIds }`. */
export const ACCOUNTS_CHANNEL = 'foyer:accounts';

export interface AccountsChanged {
  userIds: number[];
}

export interface SessionEnded {
  userId: number;
  /** Hex SHA-256 of the ended session's token; absent when every session of the user ended. */
  session?: string;
}

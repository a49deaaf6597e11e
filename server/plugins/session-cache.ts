import { ACCOUNTS_CHANNEL, HINTS_CHANNEL, SESSIONS_CHANNEL, type AccountsChanged, type ChangeHint, type SessionEnded } from '../domain/effects.ts';
import type { SessionUser } from '../domain/auth/sessions.ts';
import type { UserMemo } from '../domain/feed/feed.ts';

/**
 * A short memory of who a token belongs to, and of what a feed derived from that user (the
 * visitors feed's viewer). A device on a first sync sends dozens of pulls within seconds, and each
 * one looked its session up again (~12 ms under load on the pull route).
 *
 * The database stays the system of record; the memory only ever answers within `ttlMs` of a lookup
 * and is emptied for a user as soon as this instance hears that:
 * - one of their sessions ended (a logout, a disabled account, anything announced on
 *   SESSIONS_CHANNEL): the sessions go, and what was derived from the user;
 * - a write changed one of their user-scoped collections (a hint naming them, such as my_events
 *   after a ticket or a check-in): what was derived from the user goes, the sessions stay.
 * The write runner tells this instance before it publishes (server/app.ts), so the instance that
 * served a logout forgets the session before it answers; other instances hear it on the bus.
 *
 * A lookup that was already running when a user's memory was emptied is not stored: it may have
 * read the database before the write committed. Every invalidation takes a new generation number and
 * a lookup stores its answer only if nothing happened to that user since the generation it started at.
 */

interface Entry<T> {
  value: T;
  until: number;
}

const NO_MEMO: UserMemo = { get: (_name, load) => load(), forget: () => {} };

export class SessionCache {
  private readonly sessions = new Map<string, Entry<SessionUser> & { userId: number }>();
  private readonly memos = new Map<number, Map<string, Entry<unknown>>>();
  private generation = 0;
  private readonly changedAt = new Map<number, number>();
  /** Generation at which `changedAt` was last emptied: every user counts as changed then. */
  private clearedAt = 0;

  constructor(
    readonly ttlMs: number,
    private readonly max = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The user of session `key` (its sessionKey digest), from memory or from `load`. */
  async user(key: string, load: () => Promise<SessionUser | undefined>): Promise<SessionUser | undefined> {
    if (!this.enabled) return load();
    const hit = this.sessions.get(key);
    if (hit && hit.until > this.now()) return hit.value;
    const started = this.generation;
    const user = await load();
    if (!user) {
      this.sessions.delete(key);
      return undefined;
    }
    if (this.unchangedSince(user.id, started)) {
      this.room(this.sessions);
      this.sessions.set(key, { value: user, userId: user.id, until: this.now() + this.ttlMs });
    }
    return user;
  }

  /** What feeds remember about one user. */
  memo(userId: number): UserMemo {
    if (!this.enabled) return NO_MEMO;
    return {
      get: async <T>(name: string, load: () => Promise<T>): Promise<T> => {
        const hit = this.memos.get(userId)?.get(name);
        if (hit && hit.until > this.now()) return hit.value as T;
        const started = this.generation;
        const value = await load();
        if (this.unchangedSince(userId, started)) {
          let own = this.memos.get(userId);
          if (!own) {
            this.room(this.memos);
            own = new Map();
            this.memos.set(userId, own);
          }
          own.set(name, { value, until: this.now() + this.ttlMs });
        }
        return value;
      },
      forget: (name) => {
        this.memos.get(userId)?.delete(name);
      },
    };
  }

  /** A session ended: that one, or every session of the user when `session` is absent. */
  sessionEnded(ended: SessionEnded): void {
    this.changed([ended.userId]);
    for (const [key, entry] of this.sessions) {
      if (entry.userId === ended.userId && (ended.session === undefined || ended.session === key)) this.sessions.delete(key);
    }
  }

  /** The users' accounts changed: the session users remembered for them (name, email, verified) are stale. */
  accountsChanged(userIds: readonly number[]): void {
    this.changed(userIds);
    const ids = new Set(userIds);
    for (const [key, entry] of this.sessions) if (ids.has(entry.userId)) this.sessions.delete(key);
  }

  /** Something the users can see changed: what was derived from them is stale. */
  changed(userIds: Iterable<number>): void {
    const generation = ++this.generation;
    for (const id of userIds) {
      this.memos.delete(id);
      if (this.changedAt.size >= this.max) {
        this.changedAt.clear();
        this.clearedAt = generation;
      }
      this.changedAt.set(id, generation);
    }
  }

  /** Takes what is announced on the bus (or handed over by the write runner before it publishes). */
  heard(channel: string, message: unknown): void {
    if (channel === SESSIONS_CHANNEL) this.sessionEnded(message as SessionEnded);
    else if (channel === ACCOUNTS_CHANNEL) this.accountsChanged((message as AccountsChanged).userIds);
    else if (channel === HINTS_CHANNEL) {
      const ids = (message as ChangeHint).userIds;
      if (ids?.length) this.changed(ids);
    }
  }

  private unchangedSince(userId: number, generation: number): boolean {
    return (this.changedAt.get(userId) ?? this.clearedAt) <= generation;
  }

  /** Keeps a map under `max`: expired entries go first, then the oldest. */
  private room(map: Map<unknown, unknown>): void {
    if (map.size < this.max) return;
    const now = this.now();
    for (const [key, entry] of map) if ((entry as Entry<unknown>).until !== undefined && (entry as Entry<unknown>).until <= now) map.delete(key);
    while (map.size >= this.max) map.delete(map.keys().next().value);
  }
}

import type { FastifyInstance } from 'fastify';
import { liveSessions } from '../domain/auth/sessions.ts';
import { SESSIONS_CHANNEL, type SessionEnded } from '../domain/effects.ts';
import type { Bus } from './bus.ts';

/**
 * Ending a session ends its live connections too. A logout or a disabled account is announced on
 * the bus after its write commits (domain/write.ts), so every instance closes the sockets and hint
 * streams it holds for that session (or, for a disabled account, for every session of the user) at
 * once instead of letting them run on until they drop by themselves. The heartbeats re-check
 * sessions as well (domain/auth/sessions.ts liveSessions), so a message lost on the bus delays the
 * end by one heartbeat, never forever.
 */

/** Whether an announcement ends a connection of `userId` opened with session `session` (null: unknown). */
export function endsConnection(ended: SessionEnded, userId: number, session: string | null): boolean {
  if (ended.userId !== userId) return false;
  return ended.session === undefined || session === null || ended.session === session;
}

/** Calls `end` once when the connection's session ends; returns the unsubscribe. */
export function onSessionEnd(bus: Bus, userId: number, session: string | null, end: () => void): () => void {
  let done = false;
  const unsubscribe = bus.subscribe(SESSIONS_CHANNEL, (message) => {
    if (done || !endsConnection(message as SessionEnded, userId, session)) return;
    done = true;
    end();
  });
  return () => {
    done = true;
    unsubscribe();
  };
}

/** Calls `end` for every announcement of an ended session; returns the unsubscribe. */
export function onSessionsEnded(bus: Bus, end: (ended: SessionEnded) => void): () => void {
  return bus.subscribe(SESSIONS_CHANNEL, (message) => end(message as SessionEnded));
}

/** A live connection as the heartbeat's re-check sees it: whose, opened with which session, and how it ends. */
export interface HeldConnection {
  userId: number;
  session: string | null;
}

/**
 * The heartbeat's half of the above: ends each of `held` whose session is no longer live, for
 * when the bus lost the announcement. The session cache may still hold such a session, so it
 * forgets it too. Sockets and hint streams both run it.
 */
export async function endDeadSessions<T extends HeldConnection>(app: FastifyInstance, held: Iterable<T>, end: (conn: T) => void): Promise<void> {
  // Only the connections asked about: one opened while the query runs is not in its answer.
  const asked = [...held];
  if (asked.length === 0) return;
  const live = await liveSessions(
    app.db,
    asked.flatMap((c) => (c.session ? [c.session] : [])),
  );
  for (const conn of asked) {
    if (!conn.session || live.has(conn.session)) continue;
    app.sessionCache.sessionEnded({ userId: conn.userId, session: conn.session });
    end(conn);
  }
}

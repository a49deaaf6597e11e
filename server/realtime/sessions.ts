import { createHash } from 'node:crypto';
import type { Bus } from './bus.ts';

/**
 * Ending a session ends its live connections too. A logout or a disabled account is announced on
 * the bus, so every instance closes the sockets and hint streams it holds for that session (or,
 * for a disabled account, for every session of the user) at once instead of letting them run on
 * until they drop by themselves. The heartbeat in sockets.ts re-checks sessions as well, so a
 * message lost on the bus delays the end by one heartbeat, never forever.
 */
export const SESSIONS_CHANNEL = 'foyer:sessions';

export interface SessionEnded {
  userId: number;
  /** Hex SHA-256 of the ended session's token; absent when every session of the user ended. */
  session?: string;
}

/** The same digest sessions are stored under, as hex so it travels in JSON. */
export function sessionKey(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function announceSessionEnd(bus: Bus, ended: SessionEnded): Promise<void> {
  return bus.publish(SESSIONS_CHANNEL, ended);
}

/** Whether an announcement ends a connection of `userId` opened with session `session` (null: unknown). */
export function endsConnection(ended: SessionEnded, userId: number, session: string | null): boolean {
  if (ended.userId !== userId) return false;
  // A connection whose session is unknown is closed on any logout of its user: if its own session
  // is still valid, the client simply opens a new one.
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

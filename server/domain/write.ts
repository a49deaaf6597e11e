import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { writeTx, type Tx } from '../db/tx.ts';
import { ACCOUNTS_CHANNEL, effectOf, effectToHints, HINTS_CHANNEL, SESSIONS_CHANNEL, type Outcome } from './effects.ts';

/**
 * The one way to write. Every entry point (the sync commands, the legacy REST calls, both socket
 * channels, the operator's CLI, the seed) hands its service to `run`, which:
 *
 * 1. opens the write transaction (db/tx.ts: the change-feed lock first, retried on serialisation
 *    failures); nothing else may open one (tests/unit/architecture.test.ts);
 * 2. calls the service, which answers the Effect of what it changed;
 * 3. after the commit, announces it: the change hints, and the sessions it ended.
 *
 * A service is typed to answer an Effect, and only the runner calls it with a transaction, so a new
 * write path cannot forget to announce. Announcements are best effort: a lost hint costs a device
 * latency (it pulls on the next hint or reconnect), never data, so a bus that fails is logged and
 * the write still answers.
 */

/** Where announcements go: the bus (realtime/bus.ts) has this shape. */
export interface Announcer {
  publish(channel: string, message: unknown): Promise<void>;
}

export interface RunOptions {
  /**
   * Answer only once this write's announcements are handed over. A logout waits, so its sockets
   * close before the answer; other writes do not make the user wait on the bus.
   */
  announced?: boolean;
}

export interface Writer {
  run<T extends Outcome>(service: (trx: Tx) => Promise<T>, options?: RunOptions): Promise<T>;
  /** Resolves once every announcement made so far has been handed over (the CLI waits before it exits). */
  drain(): Promise<void>;
}

export function createWriter(db: Kysely<DB>, announcer: Announcer, log: { warn(obj: unknown, msg?: string): void } = console): Writer {
  const pending = new Set<Promise<void>>();
  const announce = (channel: string, message: unknown): Promise<void> => {
    const sent: Promise<void> = announcer
      .publish(channel, message)
      .catch((err: unknown) => log.warn({ err, channel }, 'a change announcement was lost; devices catch up on their next pull'))
      .finally(() => pending.delete(sent));
    pending.add(sent);
    return sent;
  };
  return {
    async run(service, options = {}) {
      const outcome = await writeTx(db, service);
      const effect = effectOf(outcome);
      const sent = [
        ...(effect.sessionsEnded ?? []).map((ended) => announce(SESSIONS_CHANNEL, ended)),
        ...(effect.accountsChanged?.length ? [announce(ACCOUNTS_CHANNEL, { userIds: effect.accountsChanged })] : []),
        ...effectToHints(effect).map((hint) => announce(HINTS_CHANNEL, hint)),
      ];
      if (options.announced) await Promise.all(sent);
      return outcome;
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}

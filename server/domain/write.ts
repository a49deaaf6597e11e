import type { Kysely } from 'kysely';
import { DEFAULT_LOCALE, type Locale } from '../../contract/constants.ts';
import type { DB } from '../db/types.ts';
import { writeTx, type Tx } from '../db/tx.ts';
import { ACCOUNTS_CHANNEL, effectOf, effectToHints, HINTS_CHANNEL, SESSIONS_CHANNEL, type JobDeps, type Outcome } from './effects.ts';

/**
 * The one way to write. Every entry point (the sync commands, the legacy REST calls, both socket
 * channels, the operator's CLI, the seed) hands its service to `run`, which:
 *
 * 1. opens the write transaction (db/tx.ts: the change-feed lock first, retried on serialisation
 *    failures); nothing else may open one (tests/unit/architecture.test.ts);
 * 2. calls the service, which answers the Effect of what it changed;
 * 3. after the commit, announces it: the change hints, and the sessions it ended;
 * 4. after the commit too, starts the jobs the Effect carries (the mail the service decided on),
 *    without making the caller wait for them.
 *
 * A service is typed to answer an Effect, and only the runner calls it with a transaction, so a new
 * write path cannot forget to announce. Announcements are best effort: a lost hint costs a device
 * latency (it pulls on the next hint or reconnect), never data, so a bus that fails is logged and
 * the write still answers. So are jobs: a mail server that fails is logged, and the write stands.
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
  /** The language of whoever made the write, for the jobs' mail to people whose own is unknown. */
  lang?: Locale;
}

export interface Writer {
  run<T extends Outcome>(service: (trx: Tx) => Promise<T>, options?: RunOptions): Promise<T>;
  /** Resolves once every announcement and job started so far has finished (the CLI waits before it exits). */
  drain(): Promise<void>;
}

export function createWriter(
  db: Kysely<DB>,
  announcer: Announcer,
  log: { warn(obj: unknown, msg?: string): void } = console,
  mail: JobDeps['mail'] = null,
  push: JobDeps['push'] = null,
): Writer {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>): Promise<void> => {
    const done: Promise<void> = work.finally(() => pending.delete(done));
    pending.add(done);
    return done;
  };
  const announce = (channel: string, message: unknown): Promise<void> =>
    track(
      announcer
        .publish(channel, message)
        .catch((err: unknown) => log.warn({ err, channel }, 'a change announcement was lost; devices catch up on their next pull')),
    );
  return {
    async run(service, options = {}) {
      const outcome = await writeTx(db, service);
      const effect = effectOf(outcome);
      const sent = [
        ...(effect.sessionsEnded ?? []).map((ended) => announce(SESSIONS_CHANNEL, ended)),
        ...(effect.accountsChanged?.length ? [announce(ACCOUNTS_CHANNEL, { userIds: effect.accountsChanged })] : []),
        ...effectToHints(effect).map((hint) => announce(HINTS_CHANNEL, hint)),
      ];
      if (effect.jobs?.length) {
        const deps: JobDeps = { mail, push, db, lang: options.lang ?? DEFAULT_LOCALE, log };
        // All started at once and none awaited: the caller's answer never waits on a mail server,
        // and one failing job stops no other.
        for (const job of effect.jobs) track(job(deps).catch((err: unknown) => log.warn({ err }, 'a job after a write failed; the write stands')));
      }
      if (options.announced) await Promise.all(sent);
      return outcome;
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}

/**
 * The event day's command-line flags (bench/event-day.ts documents them), read once into one object
 * that every piece of the bench is handed, so no piece reads the command line or a module global of
 * another, and the figures a piece prints can only come from the flags the run was given.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { dbChoice, numberArg, type DbChoice } from './server.ts';

export interface EventDayOptions {
  db: DbChoice;
  users: number;
  seconds: number;
  thinkMs: number;
  visitors: number;
  kindSeconds: number;
  kindUsers: number;
  instances: number;
  knee: boolean;
  steps: number[];
  /**
   * Without it, every device has done its first sync before the measured runs, so their pulls are the
   * incremental ones of a day in the hall; with it, the runs start from empty devices.
   */
  cold: boolean;
  noKinds: boolean;
  /** Probes of change latency beside the mixed run (bench/lib/change-latency.ts): this many sender → watcher pairs. */
  latencyPairs: number;
  latencyEveryMs: number;
  /** The doors-open rush beside the mixed run: this many more devices do their first sync, spread over the run. */
  rush: number;
  /**
   * Registered sockets held open through the runs, half /wss/notice and half /wss/chat, one of each per
   * person, as bench:soak holds them: their fan-out is part of the server's work on the day.
   */
  sockets: number;
  /** Marks the texts this run writes, so they are told apart from the seed's and another run's. */
  tag: string;
}

export const P95_TARGET_MS = 250;
export const REQUEST_TIMEOUT_MS = 30_000;
/** A shed command is resent after its Retry-After, but no later than this: a bench run is short. */
export const MAX_RETRY_WAIT_MS = 5000;

export function readOptions(argv = process.argv.slice(2)): EventDayOptions {
  const stepsArg = argv.includes('--steps') ? argv[argv.indexOf('--steps') + 1] : undefined;
  const instances = numberArg('instances', 1);
  if (instances !== 1 && instances !== 2) throw new Error(`--instances must be 1 or 2, got ${instances}`);
  return {
    db: argv.includes('--db') ? dbChoice() : 'pg',
    users: numberArg('users', 100),
    seconds: numberArg('seconds', 30),
    thinkMs: numberArg('think-ms', 200),
    visitors: numberArg('visitors', 5000),
    kindSeconds: numberArg('kind-seconds', 8),
    kindUsers: numberArg('kind-users', 20),
    instances,
    knee: argv.includes('--knee'),
    steps: (stepsArg ?? '20,50,100,150,200,300').split(',').map(Number),
    cold: argv.includes('--cold'),
    noKinds: argv.includes('--no-kinds'),
    latencyPairs: argv.includes('--latency') ? numberArg('latency-pairs', 5) : 0,
    latencyEveryMs: numberArg('latency-every-ms', 2000),
    rush: numberArg('rush', 0),
    sockets: Math.round(numberArg('sockets', 0) / 2) * 2,
    tag: randomBytes(4).toString('hex'),
  };
}

/** The people the runs drive: the largest step of the knee, or the run's users, and never fewer than a kind's phase needs. */
export function crowdSizeOf(o: EventDayOptions): number {
  return o.knee ? Math.max(...o.steps, o.kindUsers) : Math.max(o.users, o.kindUsers);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The machine's load average, printed with every phase: the machine is shared, and a busy one slows every figure. */
export const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * The event day's devices apart from the measured calls: a device's first sync (before the runs, or
 * as the doors-open rush beside them) and the sockets held open through the runs. They are the
 * bench's model of a phone in the hall; the mixed traffic (bench/lib/mixed-traffic.ts) is what it
 * does once synced.
 */
import { performance } from 'node:perf_hooks';
import { SYNC_PULL_DEFAULT_LIMIT } from '../../contract/constants.ts';
import { itemAt } from './pick.ts';
import { inBatches, openRegistered } from './sockets.ts';
import type { BenchUser, EventCrowd } from './users.ts';
import { MAX_RETRY_WAIT_MS, REQUEST_TIMEOUT_MS, sleep } from './event-day-options.ts';

export const PULLED = ['events', 'my_events', 'visitors', 'comments', 'dialogs', 'messages', 'appointments'] as const;
export const SCOPED_PULLS = new Set(['visitors', 'comments']);

/** A device's checkpoint per collection, by the index of its person in the crowd. */
export type Devices = Map<number, Map<string, number>>;

/** One device's first sync: every collection pulled to its end; answers the pages it took. */
async function syncDevice(url: string, user: BenchUser, eventId: number, checkpoints: Map<string, number>): Promise<number> {
  let pages = 0;
  for (const name of PULLED) {
    const scope = SCOPED_PULLS.has(name) ? `&event_id=${eventId}` : '';
    for (let checkpoint = 0; ; ) {
      const res = await fetch(`${url}/sync/v1/${name}/pull?checkpoint=${checkpoint}&limit=${SYNC_PULL_DEFAULT_LIMIT}${scope}`, {
        headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br, gzip' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (res.status === 503) {
        // Shed: the device waits as it is told and asks again, as the sync engine does.
        await sleep(Math.min(MAX_RETRY_WAIT_MS, Number(res.headers.get('retry-after') ?? '1') * 1000));
        continue;
      }
      if (!res.ok) throw new Error(`first sync of ${name}: HTTP ${res.status}`);
      const body = (await res.json()) as { documents: unknown[]; checkpoint: number };
      pages++;
      // A page may be shorter than asked (the server caps some feeds), so the end is an empty page.
      const done = body.documents.length === 0 || body.checkpoint === checkpoint;
      checkpoint = body.checkpoint;
      checkpoints.set(name, checkpoint);
      if (done) break;
    }
  }
  return pages;
}

/** Each device pulls every collection to its end, eight devices at a time; answers the pages pulled. */
export async function firstSync(url: string, crowd: EventCrowd, devices: Devices, count: number): Promise<number> {
  let pages = 0;
  let next = 0;
  const device = async () => {
    for (let v = next++; v < count; v = next++) {
      const checkpoints = new Map<string, number>();
      devices.set(v, checkpoints);
      // Not `pages += await …`: that reads `pages` before the await, and the eight devices would
      // each add to the count as it stood when they started.
      const took = await syncDevice(url, itemAt(crowd.users, v), crowd.eventId, checkpoints);
      pages += took;
    }
  };
  await Promise.all(Array.from({ length: 8 }, device));
  return pages;
}

export interface RushResult {
  /** Each device's first sync, from its first request to its last page, in ms. */
  ms: number[];
  pages: number;
  failed: number;
}

/**
 * The doors-open rush: `count` devices of people not among the run's users start their first sync
 * evenly over `seconds`, each on its own, beside the run's traffic.
 */
export async function rush(url: string, crowd: EventCrowd, from: number, count: number, seconds: number): Promise<RushResult> {
  const result: RushResult = { ms: [], pages: 0, failed: 0 };
  const start = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await sleep(start + (i / count) * seconds * 1000 - performance.now());
      const t0 = performance.now();
      try {
        const took = await syncDevice(url, itemAt(crowd.users, from + i), crowd.eventId, new Map());
        result.pages += took;
        result.ms.push(performance.now() - t0);
      } catch {
        result.failed++;
      }
    }),
  );
  return result;
}

export type HeldSockets = Awaited<ReturnType<typeof holdSockets>>;

/**
 * Opens and registers `count` sockets for the first `count` / 2 people of the crowd and counts what
 * they receive. bench:soak checks each frame's delivery; here they are the load beside the traffic,
 * and a socket the server closes or an Exception frame is an error.
 */
export async function holdSockets(url: string, crowd: EventCrowd, count: number) {
  const t0 = performance.now();
  const frames = { n: 0 };
  const dropped = { n: 0 };
  const exceptions = { n: 0 };
  const people = count / 2;
  const open = async (i: number) => {
    const channel = i < people ? 'notice' : 'chat';
    const ws = await openRegistered(url, channel, itemAt(crowd.users, i % people), channel === 'chat' ? crowd.eventId : undefined, (frame) => {
      frames.n++;
      if (frame.type === 'Exception') exceptions.n++;
    });
    ws.on('close', () => {
      if (!closing) dropped.n++;
    });
    return ws;
  };
  let closing = false;
  const sockets = await inBatches(count, 25, open);
  console.log(`${count} sockets registered in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return {
    frames,
    dropped,
    exceptions,
    close() {
      closing = true;
      for (const ws of sockets) ws.terminate();
    },
  };
}

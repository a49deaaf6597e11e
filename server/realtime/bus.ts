import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { within } from '../db/index.ts';

/**
 * Carries realtime events between the parts of the server, and between server instances when
 * REDIS_URL is set. Nothing here is needed for correctness of data: a lost message costs a client
 * some latency (it pulls on the next hint or reconnect), never a document.
 */
export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): () => void;
  close(): Promise<void>;
  /**
   * Resolves once messages published on `channel` reach this instance's handlers (Redis confirms a
   * SUBSCRIBE asynchronously). A socket is only told it is registered after this.
   */
  ready?(channel: string): Promise<void>;
  /**
   * Shared state for what must span instances (chat presence), on the Redis bus only; keys are
   * prefixed with `prefix`, as the bus's channels are.
   */
  readonly shared?: { redis: Redis; prefix: string };
  /**
   * Whether the bus carries messages between instances right now (/healthz): on Redis, both of
   * its connections are up and a PING is answered within `timeoutMs`. The in-process bus has none.
   */
  reachable?(timeoutMs: number): Promise<boolean>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      // Delivered on the next tick, as Redis would, so publishers never run subscriber code inline.
      const copy = JSON.parse(JSON.stringify(message));
      setImmediate(() => emitter.emit(channel, copy));
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
    async ready() {},
  };
}

/**
 * `prefix` namespaces every channel and shared key, so several deployments (or test runs) can share
 * one Redis without hearing each other.
 */
export async function createRedisBus(url: string, opts: { prefix?: string } = {}): Promise<Bus> {
  const prefix = opts.prefix ?? '';
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true });
  await Promise.all([pub.connect(), sub.connect()]);
  // ioredis reconnects by itself (and subscribes again); an outage is reported once as it starts
  // and once as it ends, instead of ioredis's "Unhandled error event" on every reconnect attempt.
  for (const [name, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    let down = false;
    client.on('error', (err: Error) => {
      if (down) return;
      down = true;
      console.warn(`Redis ${name} connection lost: ${err.message}; realtime events between instances wait for it`);
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      console.warn(`Redis ${name} connection is back`);
    });
  }
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  const subscribed = new Map<string, Promise<void>>();
  sub.on('message', (channel: string, text: string) => {
    if (!channel.startsWith(prefix)) return;
    try {
      local.emit(channel.slice(prefix.length), JSON.parse(text));
    } catch {
      // A malformed message from another instance is dropped; clients recover on their next pull.
    }
  });
  return {
    async publish(channel, message) {
      await pub.publish(prefix + channel, JSON.stringify(message));
    },
    subscribe(channel, handler) {
      const n = counts.get(channel) ?? 0;
      counts.set(channel, n + 1);
      if (n === 0) {
        subscribed.set(
          channel,
          sub.subscribe(prefix + channel).then(
            () => undefined,
            () => undefined,
          ),
        );
      }
      local.on(channel, handler);
      return () => {
        local.off(channel, handler);
        const left = (counts.get(channel) ?? 1) - 1;
        counts.set(channel, left);
        if (left === 0) {
          subscribed.delete(channel);
          // Queued while Redis is away and failed if it stays away: the channel is gone either way.
          sub.unsubscribe(prefix + channel).catch(() => undefined);
        }
      };
    },
    async ready(channel) {
      await subscribed.get(channel);
    },
    shared: { redis: pub, prefix },
    async reachable(timeoutMs) {
      // A command on a connection that is not ready waits in ioredis's queue: not ready is down.
      if (pub.status !== 'ready' || sub.status !== 'ready') return false;
      return within(
        pub.ping().then(
          () => true,
          () => false,
        ),
        timeoutMs,
        false,
      );
    },
    async close() {
      local.removeAllListeners();
      sub.disconnect();
      pub.disconnect();
    },
  };
}

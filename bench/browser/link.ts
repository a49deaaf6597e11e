import net from 'node:net';

/**
 * A shaped network link between the browser and the server: a TCP relay that delays and paces what
 * passes through it, and counts it. DevTools network emulation set on a page reaches neither the
 * dedicated sync worker nor the service worker, and per-target emulation throttles each target on
 * its own pipe; a relay in front of the server is one link that every request of every realm
 * shares, as on a phone.
 *
 * The model is packet level, as in Lighthouse's simulated throttling: every chunk waits half the
 * round trip each way, every new connection pays one round trip for its handshake, and each
 * direction is a pipe of fixed bandwidth shared by all connections (one queue per direction, so
 * parallel downloads split it). TCP slow start and packet loss are not modelled.
 */

export interface LinkProfile {
  name: string;
  rttMs: number;
  downKbps: number;
  upKbps: number;
}

/** Lighthouse's "Slow 4G" (its mobile default): 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
export const SLOW_4G: LinkProfile = { name: 'Slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up)', rttMs: 150, downKbps: 1600, upKbps: 750 };
/** No shaping: the relay only counts. */
export const UNSHAPED: LinkProfile = { name: 'unshaped loopback', rttMs: 0, downKbps: 0, upKbps: 0 };

/** Pieces small enough that one big response does not hold the link for a whole socket read. */
const PIECE_BYTES = 8 * 1024;

/** One direction of the link: a bandwidth-limited pipe with a fixed propagation delay. */
class Pipe {
  private freeAt = 0;
  bytes = 0;

  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  /** When a piece of this size that enters now arrives at the far end. */
  arrival(size: number, notBefore: number): number {
    this.bytes += size;
    const now = performance.now();
    if (this.bytesPerMs <= 0) return Math.max(now + this.delayMs, notBefore);
    const start = Math.max(now, this.freeAt);
    this.freeAt = start + size / this.bytesPerMs;
    return Math.max(this.freeAt + this.delayMs, notBefore);
  }
}

/** Delivers a connection's pieces in order, each at its arrival time. */
class Lane {
  private readonly queue: { at: number; data: Buffer }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Nothing crosses before the connection's handshake would have completed. */
  notBefore = 0;

  constructor(
    private readonly pipe: Pipe,
    private readonly out: net.Socket,
  ) {}

  push(chunk: Buffer): void {
    for (let i = 0; i < chunk.length; i += PIECE_BYTES) {
      const data = chunk.subarray(i, i + PIECE_BYTES);
      this.queue.push({ at: this.pipe.arrival(data.length, this.notBefore), data });
    }
    this.pump();
  }

  /** The sender closed: close the far side once everything queued has arrived. */
  end(): void {
    this.queue.push({ at: this.queue.at(-1)?.at ?? performance.now(), data: Buffer.alloc(0) });
    this.pump();
  }

  destroy(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.queue.length = 0;
  }

  private pump(): void {
    if (this.timer || this.closed) return;
    const head = this.queue[0];
    if (!head) return;
    const wait = head.at - performance.now();
    if (wait > 0.5) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      return;
    }
    this.queue.shift();
    if (head.data.length === 0) this.out.end();
    else if (!this.out.destroyed) this.out.write(head.data);
    this.pump();
  }
}

export interface ShapedLink {
  url: string;
  profile: LinkProfile;
  /** Bytes the server sent to the browser (headers, compressed bodies, stream events) since reset. */
  down(): number;
  up(): number;
  connections(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startShapedLink(target: string, profile: LinkProfile): Promise<ShapedLink> {
  const { hostname, port } = new URL(target);
  // kbps as networks count it: 1 kbps = 1,000 bit/s = 0.125 bytes/ms.
  const downPipe = new Pipe(profile.downKbps / 8, profile.rttMs / 2);
  const upPipe = new Pipe(profile.upKbps / 8, profile.rttMs / 2);
  let downBase = 0;
  let upBase = 0;
  let accepted = 0;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    accepted++;
    client.setNoDelay(true);
    const upstream = net.connect(Number(port), hostname);
    upstream.setNoDelay(true);
    sockets.add(client).add(upstream);
    const toServer = new Lane(upPipe, upstream);
    const toClient = new Lane(downPipe, client);
    // SYN, SYN-ACK, then the request can go: one round trip before the first byte leaves.
    toServer.notBefore = performance.now() + profile.rttMs;
    client.on('data', (d: Buffer) => toServer.push(d));
    upstream.on('data', (d: Buffer) => toClient.push(d));
    client.on('end', () => toServer.end());
    upstream.on('end', () => toClient.end());
    const kill = () => {
      toServer.destroy();
      toClient.destroy();
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', kill).on('close', () => {
      if (!upstream.destroyed) upstream.end();
    });
    upstream.on('error', kill);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port: relayPort } = relay.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${relayPort}`,
    profile,
    down: () => downPipe.bytes - downBase,
    up: () => upPipe.bytes - upBase,
    connections: () => accepted,
    reset: () => {
      downBase = downPipe.bytes;
      upBase = upPipe.bytes;
      accepted = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        relay.close(() => resolve());
      }),
  };
}

/**
 * The live hint streams open on this server instance (routes/sync/index.ts), counted per user and
 * per client address so no one can hold enough of them to run the instance out of file
 * descriptors: 3 × 7,000 held streams once stopped a server answering /healthz. Counted per
 * instance like the websockets' cap (hub.ts), since the descriptors are the instance's own.
 */

export interface OpenStream {
  userId: number;
  /** The client's address as the app sees it (request.ip: the proxy's client with TRUST_PROXY=1). */
  address: string;
  /** The session's digest (realtime/sessions.ts sessionKey), re-checked on the heartbeat. */
  session: string | null;
  /** Closes the stream. */
  end(): void;
}

export interface StreamCaps {
  perUser: number;
  perAddress: number;
}

export class OpenStreams {
  readonly all = new Set<OpenStream>();
  private readonly byUser = new Map<number, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly caps: StreamCaps) {}

  /** Which cap a new stream of this user from this address would exceed, or null when it fits. */
  full(userId: number, address: string): 'user' | 'address' | null {
    if ((this.byUser.get(userId) ?? 0) >= this.caps.perUser) return 'user';
    if ((this.byAddress.get(address) ?? 0) >= this.caps.perAddress) return 'address';
    return null;
  }

  /** Counts the stream in; the returned function counts it out (once, however often it is called). */
  add(stream: OpenStream): () => void {
    this.all.add(stream);
    bump(this.byUser, stream.userId, 1);
    bump(this.byAddress, stream.address, 1);
    return () => {
      if (!this.all.delete(stream)) return;
      bump(this.byUser, stream.userId, -1);
      bump(this.byAddress, stream.address, -1);
    };
  }
}

function bump<K>(map: Map<K, number>, key: K, by: number) {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

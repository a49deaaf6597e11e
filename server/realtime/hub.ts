import type { WebSocket } from 'ws';
import { WS_CLOSE, WS_RATE_BURST, type ServerFrame, type SocketChannel } from '../../contract/ws.ts';

/**
 * The sockets open on this server instance and who is registered for what. Delivery only ever
 * goes to registered sockets: a socket hears an event's chat only after registering for that event
 * with access, and hears personal messages and notices only as its own user.
 */

/** A client that reads slower than this much queued output is dropped rather than buffered forever. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface Conn {
  id: number;
  channel: SocketChannel;
  userId: number;
  /** Hex digest of the session the socket was opened with (realtime/sessions.ts); null if unknown. */
  session: string | null;
  /** The client's address (TRUST_PROXY decides which), for the per-address cap. */
  address: string;
  socket: WebSocket;
  registered: boolean;
  /** The chat this socket registered for (chat channel only). */
  eventId: number | null;
  /** Owner or moderator of eventId: sees block reasons. */
  staff: boolean;
  /** Answered the last ping. */
  alive: boolean;
  tokens: number;
  refilledAt: number;
  dropped: number;
  lastRateNotice: number;
  /** Frames of one socket are handled one after another, in the order they arrived. */
  queue: Promise<void>;
}

export class Hub {
  private nextId = 1;
  readonly all = new Set<Conn>();
  private readonly byUser = new Map<number, Set<Conn>>();
  private readonly byEvent = new Map<number, Set<Conn>>();

  add(socket: WebSocket, channel: SocketChannel, userId: number, session: string | null = null, address = ''): Conn {
    const conn: Conn = {
      id: this.nextId++,
      channel,
      userId,
      session,
      address,
      socket,
      registered: false,
      eventId: null,
      staff: false,
      alive: true,
      tokens: WS_RATE_BURST,
      refilledAt: Date.now(),
      dropped: 0,
      lastRateNotice: 0,
      queue: Promise.resolve(),
    };
    this.all.add(conn);
    return conn;
  }

  /** Sockets the user holds here, registered or not (for the per-user cap). */
  countForUser(userId: number): number {
    let n = 0;
    for (const c of this.all) if (c.userId === userId) n++;
    return n;
  }

  /** Sockets open here from one client address (for the per-address cap). */
  countForAddress(address: string): number {
    let n = 0;
    for (const c of this.all) if (c.address === address) n++;
    return n;
  }

  registerUser(conn: Conn): void {
    conn.registered = true;
    let set = this.byUser.get(conn.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(conn.userId, set);
    }
    set.add(conn);
  }

  registerEvent(conn: Conn, eventId: number, staff: boolean): void {
    this.registerUser(conn);
    conn.eventId = eventId;
    conn.staff = staff;
    let set = this.byEvent.get(eventId);
    if (!set) {
      set = new Set();
      this.byEvent.set(eventId, set);
    }
    set.add(conn);
  }

  /** Stops the socket hearing its event's chat; returns the event it was registered for. */
  leaveEvent(conn: Conn): number | null {
    const eventId = conn.eventId;
    if (eventId === null) return null;
    const set = this.byEvent.get(eventId);
    set?.delete(conn);
    if (set && set.size === 0) this.byEvent.delete(eventId);
    conn.eventId = null;
    conn.staff = false;
    return eventId;
  }

  remove(conn: Conn): number | null {
    const eventId = this.leaveEvent(conn);
    this.all.delete(conn);
    const set = this.byUser.get(conn.userId);
    set?.delete(conn);
    if (set && set.size === 0) this.byUser.delete(conn.userId);
    return eventId;
  }

  hasEvent(eventId: number): boolean {
    return this.byEvent.has(eventId);
  }

  hasUser(userId: number): boolean {
    return this.byUser.has(userId);
  }

  eventConns(eventId: number): Conn[] {
    return [...(this.byEvent.get(eventId) ?? [])];
  }

  events(): number[] {
    return [...this.byEvent.keys()];
  }

  /**
   * Sends to every registered socket of the event. `variant` may give some sockets another frame
   * (or none); each distinct frame is serialised once, however many sockets get it.
   */
  toEvent(eventId: number, frame: ServerFrame, variant?: (conn: Conn) => ServerFrame | null): number {
    const set = this.byEvent.get(eventId);
    if (!set) return 0;
    let sent = 0;
    if (!variant) {
      const data = encode(frame);
      for (const conn of set) if (this.sendData(conn, data)) sent++;
      return sent;
    }
    const encoded = new Map<ServerFrame, Buffer>();
    for (const conn of set) {
      const f = variant(conn);
      if (!f) continue;
      let data = encoded.get(f);
      if (data === undefined) {
        data = encode(f);
        encoded.set(f, data);
      }
      if (this.sendData(conn, data)) sent++;
    }
    return sent;
  }

  /** Sends to the user's registered sockets, optionally only those of one channel. */
  toUser(userId: number, frame: ServerFrame, channel?: SocketChannel): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    const data = encode(frame);
    let sent = 0;
    for (const conn of set) if ((!channel || conn.channel === channel) && this.sendData(conn, data)) sent++;
    return sent;
  }

  send(conn: Conn, frame: ServerFrame): boolean {
    return this.sendData(conn, JSON.stringify(frame));
  }

  private sendData(conn: Conn, data: Buffer | string): boolean {
    const ws = conn.socket;
    if (ws.readyState !== ws.OPEN) return false;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.close(WS_CLOSE.policy, 'too slow');
      return false;
    }
    ws.send(data, TEXT);
    return true;
  }
}

/**
 * A frame for many sockets is turned into bytes once: `ws` measures and encodes a string on every
 * send, while a Buffer goes out as it is, after a header of its own (a server never masks, so the
 * shared bytes are neither copied nor changed).
 */
function encode(frame: ServerFrame): Buffer {
  return Buffer.from(JSON.stringify(frame));
}

/**
 * Text frames, as the clients expect. The server offers no per-message-deflate (sockets/index.ts),
 * and were it turned on, frames would still go out plain: ws deflates per socket, so one frame to
 * a thousand sockets would be compressed a thousand times.
 */
const TEXT = { binary: false, compress: false } as const;

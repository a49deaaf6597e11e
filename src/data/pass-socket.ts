import { SOCKET_RETRY_MS, SYNC_RETRY_MAX_MS, SYNC_STREAM_HEARTBEAT_MS } from '../../contract/constants.ts';
import { WS_EXCEPTIONS } from '../../contract/ws.ts';
import { currentRequestLanguage, HttpError, requestJson, type HeaderSource } from '../../sync/engine/http.ts';

/**
 * What the page's two sockets (`/wss/notice` in notices-socket.ts, `/wss/chat` in chat-socket.ts;
 * protocol in contract/ws.ts) have in common: how they reach the server, find out it is gone and
 * come back. Each channel adds its register frame and what its frames mean.
 *
 * The socket URL carries a single-use pass from POST /api/auth/socket-pass, never the session
 * token: URLs end up in proxy logs. Every reconnect fetches a new pass.
 */

export interface SocketException {
  type: string;
  message: string;
  code: string;
}

/** The part of the WebSocket API used here, so node tests can pass `ws`'s class. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface PassSocketOptions {
  /** '' for the page's own origin, or an absolute origin. */
  baseUrl: string;
  /** The PWA's pass request carries its cookie; node clients send a Bearer token here. */
  headers?: HeaderSource;
  fetch?: typeof fetch;
  /** Node 20 has no global WebSocket; tests pass `ws`. */
  WebSocket?: WebSocketConstructor;
  /** The page's location, for a '' baseUrl. */
  origin?: string;
  /** False keeps the socket closed (offline) until wake() is called. */
  isOnline?: () => boolean;
  /** Called when the server refuses the session (HTTP 401 on the pass): nothing to retry. */
  onUnauthorized?: () => void;
  /** The ping interval (default KEEPALIVE_MS); tests of dead sockets shorten it. */
  keepaliveMs?: number;
}

const OPEN = 1;
/** A ping frame every this often; a socket silent for two of them is taken for dead and replaced. */
const KEEPALIVE_MS = SYNC_STREAM_HEARTBEAT_MS;

/** Exponential from the specs' socket retry (200 ms) up to the sync's cap, with jitter so tabs spread out. */
export function socketRetryDelay(attempt: number, random = Math.random): number {
  const base = Math.min(SYNC_RETRY_MAX_MS, SOCKET_RETRY_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base / 2 + (random() * base) / 2);
}

/**
 * ws:// or wss:// of a socket channel (WS_PATHS) for an http(s) origin. The interface language goes
 * along as `lang`, so the server's Exceptions on this socket come in it (a reconnect after a
 * language change carries the new one).
 */
export function passSocketUrl(path: string, origin: string, pass: string, lang: string | undefined = currentRequestLanguage()): string {
  const url = new URL(path, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', pass);
  if (lang) url.searchParams.set('lang', lang);
  return url.toString();
}

/** A frame as an object, or null for anything else (not JSON, `null`, a bare value). */
export function parseSocketFrame(data: unknown): Record<string, unknown> | null {
  let frame: unknown;
  try {
    frame = JSON.parse(typeof data === 'string' ? data : String(data));
  } catch {
    return null;
  }
  return frame && typeof frame === 'object' ? (frame as Record<string, unknown>) : null;
}

/**
 * The Exception a frame carries, for the page to show; null when there is none to show.
 * userAccessException is never shown (events.md §8).
 */
export function socketException(e: { type?: unknown; message?: unknown; code?: unknown } | undefined): SocketException | null {
  if (!e || e.type === WS_EXCEPTIONS.userAccess) return null;
  return { type: String(e.type), message: String(e.message ?? ''), code: String(e.code ?? 'unknown_error') };
}

/**
 * The connection lifecycle of one socket: start, stop, wake, a new pass and backoff on every
 * attempt, the register frame on open, an application ping, and reconnecting when it drops.
 */
export abstract class PassSocket {
  private socket: WebSocketLike | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private keepalive: ReturnType<typeof setInterval> | null = null;
  private attempt = 0;
  private lastFrameAt = 0;
  private stopped = true;
  /** Bumped on every connect and stop, so answers of an older attempt are dropped. */
  private generation = 0;

  constructor(
    /** The channel's path, one of WS_PATHS. */
    private readonly path: string,
    private readonly connection: PassSocketOptions,
  ) {}

  /** The frame sent as soon as the socket opens. */
  protected abstract registerFrame(): Record<string, unknown>;
  /** One frame from the server, whatever it is. */
  protected abstract onFrame(data: unknown): void;
  /** The socket went away and a retry is being scheduled. */
  protected onDropped(): void {}

  /** The server confirmed the registration. */
  protected registered(): void {
    // Only a registration that held counts as recovered; a socket that opens and is refused keeps backing off.
    this.attempt = 0;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.generation++;
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.onerror = null;
      s.close(1000, 'stopped');
    }
  }

  /** The network is back: connect now instead of waiting for the backoff. */
  wake(): void {
    if (this.stopped || this.socket) return;
    this.attempt = 0;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    void this.connect();
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.keepalive) clearInterval(this.keepalive);
    this.retryTimer = null;
    this.keepalive = null;
  }

  private scheduleRetry() {
    if (this.stopped || this.retryTimer) return;
    // Offline there is nothing to try; wake() starts again when the browser says it is back.
    if (this.connection.isOnline && !this.connection.isOnline()) return;
    const delay = socketRetryDelay(this.attempt++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private async connect(): Promise<void> {
    const c = this.connection;
    if (this.stopped || this.socket) return;
    if (c.isOnline && !c.isOnline()) return;
    const generation = ++this.generation;
    let pass: string;
    try {
      const body = (await requestJson({ baseUrl: c.baseUrl, headers: c.headers, fetch: c.fetch }, '/api/auth/socket-pass', {
        method: 'POST',
        body: {},
      })) as { data?: { pass?: unknown } } | null;
      if (typeof body?.data?.pass !== 'string') throw new Error('no pass in the answer');
      pass = body.data.pass;
    } catch (err) {
      if (generation !== this.generation) return;
      if (err instanceof HttpError && err.status === 401) {
        // Signed out on the server: the session layer notices and ends it; retrying would only hammer.
        c.onUnauthorized?.();
        return;
      }
      this.scheduleRetry();
      return;
    }
    if (generation !== this.generation || this.stopped) return;

    const Ctor = c.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!Ctor) return;
    const origin = c.baseUrl || c.origin || (typeof location !== 'undefined' ? location.origin : '');
    let socket: WebSocketLike;
    try {
      socket = new Ctor(passSocketUrl(this.path, origin, pass));
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.lastFrameAt = Date.now();

    socket.onopen = () => {
      socket.send(JSON.stringify(this.registerFrame()));
      // Browsers cannot send protocol pings, and a venue's Wi-Fi can leave a socket half open for
      // minutes: an application ping shows within two intervals whether anybody is still there.
      const every = c.keepaliveMs ?? KEEPALIVE_MS;
      this.keepalive = setInterval(() => {
        if (Date.now() - this.lastFrameAt > 2 * every) {
          socket.close(4000, 'no answer');
          this.dropped(socket);
          return;
        }
        if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'ping' }));
      }, every);
    };
    socket.onmessage = (ev) => {
      this.lastFrameAt = Date.now();
      this.onFrame(ev.data);
    };
    socket.onerror = () => {
      // A failed socket also fires close, which reconnects.
    };
    socket.onclose = () => this.dropped(socket);
  }

  private dropped(socket: WebSocketLike) {
    if (this.socket !== socket) return;
    this.socket = null;
    socket.onclose = null;
    socket.onmessage = null;
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = null;
    this.onDropped();
    this.scheduleRetry();
  }
}

/** For a page socket's isOnline: only a browser that says it is offline keeps the socket closed. */
export const browserOnline = (): boolean => navigator.onLine !== false;

/**
 * Runs a page socket for the life of an effect: started now, woken as soon as the browser is back
 * online instead of at the end of its backoff, stopped by the returned cleanup.
 */
export function runInPage(socket: PassSocket): () => void {
  const wake = () => socket.wake();
  window.addEventListener('online', wake);
  socket.start();
  return () => {
    window.removeEventListener('online', wake);
    socket.stop();
  };
}

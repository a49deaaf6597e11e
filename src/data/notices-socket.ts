import { useEffect, useRef } from 'react';
import { SOCKET_RETRY_MS, SYNC_RETRY_MAX_MS, SYNC_STREAM_HEARTBEAT_MS } from '../../contract/constants.ts';
import { WS_EXCEPTIONS, WS_PATHS, type MeetingNoticeType } from '../../contract/ws.ts';
import { HttpError, requestJson, type HeaderSource } from '../../sync/http.ts';
import { useRuntime, useSession } from './hooks.ts';

/**
 * The notice socket (`/wss/notice`, events.md §4, §7; protocol in contract/ws.ts), kept in the page
 * and not in the sync worker: the worker already has its own live-hint stream that leads to pulls,
 * and what the socket adds is speed for the dashboard plus the Exception toasts the specs ask for,
 * which are the page's business. The page only turns a meetingNotice into a resync request; the
 * worker forwards it to whichever tab leads the sync, so with several tabs open there are several
 * sockets but still one pull per notice per leader, and the dashboard notification itself comes
 * from the synced documents (workers/clock.ts), exactly as it would without the socket.
 *
 * The socket URL carries a single-use ticket from POST /api/auth/socket-ticket, never the session
 * token: URLs end up in proxy logs. Every reconnect fetches a new ticket.
 */

export interface MeetingNotice {
  meeting_id: number;
  event_type: MeetingNoticeType;
}

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

export interface NoticeSocketOptions {
  /** '' for the page's own origin, or an absolute origin. */
  baseUrl: string;
  userId: number;
  onNotice(notice: MeetingNotice): void;
  /** Exceptions other than userAccessException (events.md §8: those are ignored). */
  onException(exception: SocketException): void;
  /** The PWA's ticket request carries its cookie; node clients send a Bearer token here. */
  headers?: HeaderSource;
  fetch?: typeof fetch;
  /** Node 20 has no global WebSocket; tests pass `ws`. */
  WebSocket?: WebSocketConstructor;
  /** The page's location, for a '' baseUrl. */
  origin?: string;
  /** False keeps the socket closed (offline) until wake() is called. */
  isOnline?: () => boolean;
  /** Called when the server refuses the session (HTTP 401 on the ticket): nothing to retry. */
  onUnauthorized?: () => void;
}

const OPEN = 1;
/** A ping frame every this often; a socket silent for two of them is taken for dead and replaced. */
const KEEPALIVE_MS = SYNC_STREAM_HEARTBEAT_MS;

/** Exponential from the specs' socket retry (200 ms) up to the sync's cap, with jitter so tabs spread out. */
export function noticeRetryDelay(attempt: number, random = Math.random): number {
  const base = Math.min(SYNC_RETRY_MAX_MS, SOCKET_RETRY_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base / 2 + (random() * base) / 2);
}

/** ws:// or wss:// of the notice channel for an http(s) origin. */
export function noticeSocketUrl(origin: string, ticket: string): string {
  const url = new URL(WS_PATHS.notice, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', ticket);
  return url.toString();
}

export class NoticeSocket {
  private socket: WebSocketLike | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private keepalive: ReturnType<typeof setInterval> | null = null;
  private attempt = 0;
  private lastFrameAt = 0;
  private stopped = true;
  /** Bumped on every connect and stop, so answers of an older attempt are dropped. */
  private generation = 0;

  constructor(private readonly opts: NoticeSocketOptions) {}

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
    if (this.opts.isOnline && !this.opts.isOnline()) return;
    const delay = noticeRetryDelay(this.attempt++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.socket) return;
    if (this.opts.isOnline && !this.opts.isOnline()) return;
    const generation = ++this.generation;
    let ticket: string;
    try {
      const body = (await requestJson({ baseUrl: this.opts.baseUrl, headers: this.opts.headers, fetch: this.opts.fetch }, '/api/auth/socket-ticket', {
        method: 'POST',
        body: {},
      })) as { data?: { ticket?: unknown } } | null;
      if (typeof body?.data?.ticket !== 'string') throw new Error('no ticket in the answer');
      ticket = body.data.ticket;
    } catch (err) {
      if (generation !== this.generation) return;
      if (err instanceof HttpError && err.status === 401) {
        // Signed out on the server: the session layer notices and ends it; retrying would only hammer.
        this.opts.onUnauthorized?.();
        return;
      }
      this.scheduleRetry();
      return;
    }
    if (generation !== this.generation || this.stopped) return;

    const Ctor = this.opts.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!Ctor) return;
    const origin = this.opts.baseUrl || this.opts.origin || (typeof location !== 'undefined' ? location.origin : '');
    let socket: WebSocketLike;
    try {
      socket = new Ctor(noticeSocketUrl(origin, ticket));
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.lastFrameAt = Date.now();

    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'register', userId: this.opts.userId }));
      // Browsers cannot send protocol pings, and a venue's Wi-Fi can leave a socket half open for
      // minutes: an application ping shows within two intervals whether anybody is still there.
      this.keepalive = setInterval(() => {
        if (Date.now() - this.lastFrameAt > 2 * KEEPALIVE_MS) {
          socket.close(4000, 'no answer');
          this.dropped(socket);
          return;
        }
        if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'ping' }));
      }, KEEPALIVE_MS);
    };
    socket.onmessage = (ev) => this.onFrame(ev.data);
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
    this.scheduleRetry();
  }

  private onFrame(data: unknown) {
    this.lastFrameAt = Date.now();
    let frame: { type?: unknown; meetingNotice?: MeetingNotice; Exception?: SocketException };
    try {
      frame = JSON.parse(typeof data === 'string' ? data : String(data)) as typeof frame;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'registered':
        // Only a registration that held counts as recovered; a socket that opens and is refused keeps backing off.
        this.attempt = 0;
        return;
      case 'meetingNotice':
        if (frame.meetingNotice && typeof frame.meetingNotice.meeting_id === 'number') this.opts.onNotice(frame.meetingNotice);
        return;
      case 'Exception': {
        const e = frame.Exception;
        if (!e || e.type === WS_EXCEPTIONS.userAccess) return;
        this.opts.onException({ type: String(e.type), message: String(e.message ?? ''), code: String(e.code ?? 'unknown_error') });
        return;
      }
      default:
        return;
    }
  }
}

/**
 * Keeps the notice socket open while the user is signed in and the browser is online; a notice asks
 * the sync worker to pull now. Mounted once, by the appointments host on every page.
 */
export function useMeetingNoticeSocket(onException: (e: SocketException) => void): void {
  const runtime = useRuntime();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const report = useRef(onException);
  report.current = onException;

  useEffect(() => {
    if (userId === null || typeof window === 'undefined' || typeof WebSocket === 'undefined') return;
    const socket = new NoticeSocket({
      baseUrl: runtime.baseUrl,
      userId,
      onNotice: () => runtime.resync(),
      onException: (e) => report.current(e),
      isOnline: () => navigator.onLine !== false,
    });
    const wake = () => socket.wake();
    window.addEventListener('online', wake);
    socket.start();
    return () => {
      window.removeEventListener('online', wake);
      socket.stop();
    };
  }, [runtime, userId]);
}

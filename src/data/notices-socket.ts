import { useEffect, useRef } from 'react';
import { WS_PATHS, type MeetingNoticeType } from '../../contract/ws.ts';
import { useRuntime, useSession } from './hooks.ts';
import { PassSocket, browserOnline, parseSocketFrame, runInPage, socketException, type SocketException, type PassSocketOptions } from './pass-socket.ts';

// The notice socket's callers (src/data/index.ts, its tests, the reconnect bench) know these types from here.
export type { SocketException, WebSocketConstructor } from './pass-socket.ts';

/**
 * The notice socket (`/wss/notice`, events.md §4, §7; protocol in contract/ws.ts), kept in the page
 * and not in the sync worker: the worker already has its own live-hint stream that leads to pulls,
 * and what the socket adds is speed for the dashboard plus the Exception toasts the specs ask for,
 * which are the page's business. The page only turns a meetingNotice into a resync request; the
 * worker forwards it to whichever tab leads the sync, so with several tabs open there are several
 * sockets but still one pull per notice per leader, and the dashboard notification itself comes
 * from the synced documents (workers/clock.ts), exactly as it would without the socket.
 *
 * Tickets, backoff and keep-alive are the shared socket lifecycle's (pass-socket.ts).
 */

export interface MeetingNotice {
  meeting_id: number;
  event_type: MeetingNoticeType;
}

export interface NoticeSocketOptions extends PassSocketOptions {
  userId: number;
  onNotice(notice: MeetingNotice): void;
  /** Exceptions other than userAccessException (events.md §8: those are ignored). */
  onException(exception: SocketException): void;
}

export class NoticeSocket extends PassSocket {
  constructor(private readonly opts: NoticeSocketOptions) {
    super(WS_PATHS.notice, opts);
  }

  protected registerFrame() {
    return { type: 'register', userId: this.opts.userId };
  }

  protected onFrame(data: unknown) {
    const frame = parseSocketFrame(data) as { type?: unknown; meetingNotice?: MeetingNotice; Exception?: SocketException } | null;
    switch (frame?.type) {
      case 'registered':
        this.registered();
        return;
      case 'meetingNotice':
        if (frame.meetingNotice && typeof frame.meetingNotice.meeting_id === 'number') this.opts.onNotice(frame.meetingNotice);
        return;
      case 'Exception': {
        const exception = socketException(frame.Exception);
        if (exception) this.opts.onException(exception);
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
      isOnline: browserOnline,
    });
    return runInPage(socket);
  }, [runtime, userId]);
}

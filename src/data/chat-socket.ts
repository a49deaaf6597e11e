import { useEffect, useRef, useState } from 'react';
import { WS_PATHS } from '../../contract/ws.ts';
import { useRuntime, useSession } from './hooks.ts';
import {
  PassSocket,
  browserOnline,
  parseSocketFrame,
  runInPage,
  socketException,
  passSocketUrl,
  type SocketException,
  type PassSocketOptions,
} from './pass-socket.ts';

/**
 * The live page's chat socket (`/wss/chat`, events.md §7; protocol in contract/ws.ts). It is an
 * accelerator and a counter, never a source of data: comments reach the device through the sync
 * worker as always, and a comment frame only asks the worker to pull now. What the socket alone
 * knows is how many people have the chat open (broadcast_statistics.users_online), which the page
 * shows instead of the synced events.users_online while it is connected.
 *
 * The connection is the notice socket's (pass-socket.ts): a single-use pass in the URL,
 * backoff that starts at the specs' 200 ms comment socket retry, an application ping to find
 * half-open sockets. What differs is the register frame, which names the event too.
 */

export interface ChatSocketOptions extends PassSocketOptions {
  userId: number;
  eventId: number;
  /** broadcast_statistics.users_online of a frame; null when the socket is gone and the number with it. */
  onOnline(count: number | null): void;
  /** A comment was created or deleted in this chat: the synced copy is behind. */
  onCommentsChanged(): void;
  /** Exceptions other than userAccessException (events.md §8: those are ignored). */
  onException?(exception: SocketException): void;
}

/** ws:// or wss:// of the chat channel for an http(s) origin. */
export function chatSocketUrl(origin: string, pass: string): string {
  return passSocketUrl(WS_PATHS.chat, origin, pass);
}

export type ChatFrameEffect =
  | { kind: 'registered'; online: number | null }
  | { kind: 'online'; online: number; commentsChanged: boolean }
  | { kind: 'exception'; exception: SocketException }
  | { kind: 'ignore' };

function onlineOf(frame: { broadcast_statistics?: { users_online?: unknown } }): number | null {
  const n = frame.broadcast_statistics?.users_online;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * What one frame from the server means for the page. Frames of another event (there should be
 * none: the server scopes them) are ignored rather than trusted to move this page's counter.
 */
export function readChatFrame(data: unknown, eventId: number): ChatFrameEffect {
  const frame = parseSocketFrame(data) as {
    type?: unknown;
    eventId?: unknown;
    event_id?: unknown;
    comment?: { event_id?: unknown };
    broadcast_statistics?: { users_online?: unknown };
    Exception?: { type?: unknown; message?: unknown; code?: unknown };
  } | null;
  if (!frame) return { kind: 'ignore' };
  switch (frame.type) {
    case 'registered':
      if (frame.eventId !== eventId) return { kind: 'ignore' };
      return { kind: 'registered', online: onlineOf(frame) };
    case 'commentCreated':
    case 'commentDeleted':
    case 'commentVoted': {
      const of = frame.type === 'commentCreated' ? frame.comment?.event_id : frame.event_id;
      const online = onlineOf(frame);
      if (of !== eventId || online === null) return { kind: 'ignore' };
      return { kind: 'online', online, commentsChanged: frame.type !== 'commentVoted' };
    }
    case 'Exception': {
      const exception = socketException(frame.Exception);
      return exception ? { kind: 'exception', exception } : { kind: 'ignore' };
    }
    default:
      return { kind: 'ignore' };
  }
}

export class ChatSocket extends PassSocket {
  constructor(private readonly opts: ChatSocketOptions) {
    super(WS_PATHS.chat, opts);
  }

  protected registerFrame() {
    return { type: 'register', userId: this.opts.userId, eventId: this.opts.eventId };
  }

  protected override onDropped() {
    // The last count is only true while connected; the page goes back to the synced one.
    this.opts.onOnline(null);
  }

  protected onFrame(data: unknown) {
    const effect = readChatFrame(data, this.opts.eventId);
    switch (effect.kind) {
      case 'registered':
        this.registered();
        if (effect.online !== null) this.opts.onOnline(effect.online);
        return;
      case 'online':
        this.opts.onOnline(effect.online);
        if (effect.commentsChanged) this.opts.onCommentsChanged();
        return;
      case 'exception':
        this.opts.onException?.(effect.exception);
        return;
      case 'ignore':
        return;
    }
  }
}

export interface LiveOnline {
  /** The number to show. */
  count: number;
  /** Where it comes from: the open socket, or the synced event document. */
  source: 'socket' | 'sync';
}

/**
 * The live page's online counter. `enabled` must be false for anybody who may not read the chat
 * (guests, no ticket): they never open the socket, and see the synced number if anything.
 */
export function useLiveOnline(eventId: number, enabled: boolean, synced: number, onException?: (e: SocketException) => void): LiveOnline {
  const runtime = useRuntime();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [live, setLive] = useState<{ eventId: number; count: number } | null>(null);
  const report = useRef(onException);
  report.current = onException;

  useEffect(() => {
    setLive(null);
    if (!enabled || userId === null || eventId <= 0 || typeof window === 'undefined' || typeof WebSocket === 'undefined') return;
    const socket = new ChatSocket({
      baseUrl: runtime.baseUrl,
      userId,
      eventId,
      onOnline: (count) => setLive(count === null ? null : { eventId, count }),
      onCommentsChanged: () => runtime.resync(),
      onException: (e) => report.current?.(e),
      isOnline: browserOnline,
    });
    return runInPage(socket);
  }, [runtime, userId, eventId, enabled]);

  return live && live.eventId === eventId && enabled ? { count: live.count, source: 'socket' } : { count: synced, source: 'sync' };
}

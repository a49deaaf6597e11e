import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CommentDoc, LikeType } from '../../contract/chat.ts';
import { overlayComments, type ChatCommand, type ChatItem } from '../../sync/views/chat/chat.ts';
import { EMPTY_HISTORY, olderState, type ChatHistoryDoc, type ChatHistoryRequest, type OlderState } from '../../sync/views/chat/history.ts';
import type { Loadable } from './api.ts';
import { query } from './device.ts';
import { useDevice, useEvent, useRuntime, useSession } from './hooks.ts';
import { uploadOnline, type OnlineHost } from './online.ts';

/** The reads' values before the device answers. */
const NO_CHAT: { window: CommentDoc[]; commands: ChatCommand[] } = { window: [], commands: [] };
const NO_HISTORY: { history: ChatHistoryDoc; request: ChatHistoryRequest | undefined } = { history: EMPTY_HISTORY, request: undefined };

export type { ChatItem } from '../../sync/views/chat/chat.ts';

/**
 * The event chat for screens (events.md §2, §4–5). The recent window is replicated by the worker
 * (the `comments` scope of the events the user may read, sync/engine/scopes.ts). Older pages are local
 * documents too (sync/views/chat/history.ts): the screen says it is open and how many older comments it
 * wants, the worker fetches them and keeps them fresh while the chat is on screen, and the screen
 * only ever reads the device.
 *
 * Pictures: a comment's picture must be uploaded before its comment.add can name it (the server
 * checks and re-encodes the bytes). Offline, the picture is refused with `image_needs_connection`
 * and the text stays in the form, so the user chooses to send the text alone or wait; keeping
 * picture bytes in IndexedDB for a later upload would make the outbox depend on a second queue
 * whose failures the user could not see.
 */

/** The older pages as the screen shows them; `exhausted`: the server had nothing older. */
export type OlderPages = OlderState;

export interface EventChatData {
  items: ChatItem[];
  /** The user may read and write this chat (ticket, staff, check-in to a free event). */
  reader: boolean;
  /** Owner or moderator: deletes any comment, blocks and unblocks others. */
  moderator: boolean;
  /** The server marked the user as blocked in this chat (from their own comments). */
  blocked: boolean;
  older: OlderPages;
}

export interface EventChat extends Loadable<EventChatData> {
  /** Asks for the next CHAT_PAGE_SIZE comments older than the oldest shown; the worker loads them. */
  loadOlder(): void;
}

export function useEventChat(eventId: number): EventChat {
  const runtime = useRuntime();
  const { user } = useSession();
  const { data: event, isLoading: eventLoading } = useEvent(eventId);
  const source = useDevice(query('chat', eventId), NO_CHAT);
  const historySource = useDevice(query('chatHistory', eventId), NO_HISTORY).value;
  const older = useMemo(() => olderState(historySource.history, historySource.request), [historySource]);
  useEffect(() => runtime.chat.open(eventId), [runtime, eventId]);
  const me = useMemo(
    () => (user ? { user_id: user.id, first_name: user.first_name, last_name: user.last_name, avatar: `/files/avatars/${user.id}.svg` } : null),
    [user],
  );
  const items = useMemo(() => overlayComments(eventId, source.value.window, older.items, source.value.commands, me), [eventId, source.value, older.items, me]);
  const moderator = Boolean(event && (event.is_owner || event.is_moderator));
  const reader = Boolean(user && event && (moderator || event.has_ticket || (event.checked_in && event.is_free)));
  const blocked = Boolean(user && items.some((i) => i.user_id === user.id && i.comment_id !== null && i.is_blocked_in_chat));

  const held = older.pages;
  const busy = older.loading || older.exhausted;
  const loadOlder = useCallback(() => {
    if (busy) return;
    // Written locally, so asking works offline; the worker loads the page when it can.
    runtime.chat.wantOlder(eventId, held + 1);
  }, [runtime, eventId, held, busy]);

  const data = useMemo(() => ({ items, reader, moderator, blocked, older }), [items, reader, moderator, blocked, older]);
  return useMemo(() => ({ data, isLoading: source.loading || eventLoading, loadOlder }), [data, source.loading, eventLoading, loadOlder]);
}

export type ChatSendResult = { ok: true } | { ok: false; code: 'empty' | 'image_needs_connection' | 'image_refused' | 'rate_limited' | 'auth_required' };

export interface ChatActions {
  /** Queues the comment (uploading its picture first, which needs a connection). */
  send(text: string, image?: Blob | null): Promise<ChatSendResult>;
  like(commentId: number, type: LikeType): Promise<void>;
  unlike(commentId: number): Promise<void>;
  remove(commentId: number): Promise<void>;
  block(userId: number, reason: string): Promise<void>;
  unblock(userId: number): Promise<void>;
  /** Forgets a rejected comment (or drops a parked one). */
  dismiss(outboxId: string): Promise<void>;
  /** Sends a parked comment again. */
  retry(outboxId: string): Promise<void>;
}

async function uploadImage(runtime: OnlineHost, eventId: number, image: Blob): Promise<string | 'offline' | 'refused' | 'rate_limited'> {
  const form = new FormData();
  form.set('event_id', String(eventId));
  form.set('image', image);
  const answer = await uploadOnline<{ image?: unknown } | null>(runtime, '/api/events/upload-chat-image', form);
  if (answer.ok) return typeof answer.data?.image === 'string' ? answer.data.image : 'refused';
  if (answer.code === 'network_error') return 'offline';
  return answer.code === 'rate_limited' ? 'rate_limited' : 'refused';
}

export function useChatActions(eventId: number): ChatActions {
  const runtime = useRuntime();
  return useMemo(
    (): ChatActions => ({
      async send(text, image) {
        const comment = text.trim();
        if (!comment) return { ok: false, code: 'empty' };
        let name: string | undefined;
        if (image) {
          const uploaded = await uploadImage(runtime, eventId, image);
          if (uploaded === 'offline') return { ok: false, code: 'image_needs_connection' };
          if (uploaded === 'refused') return { ok: false, code: 'image_refused' };
          if (uploaded === 'rate_limited') return { ok: false, code: 'rate_limited' };
          name = uploaded;
        }
        try {
          await runtime.enqueue('comment.add', { event_id: eventId, comment, ...(name ? { image: name } : {}) });
        } catch {
          return { ok: false, code: 'auth_required' };
        }
        return { ok: true };
      },
      like: (commentId, type) => runtime.enqueue('comment.like', { comment_id: commentId, like_type: type }),
      unlike: (commentId) => runtime.enqueue('comment.unlike', { comment_id: commentId }),
      remove: (commentId) => runtime.enqueue('comment.remove', { comment_id: commentId }),
      block: (userId, reason) => runtime.enqueue('chat.block', { event_id: eventId, user_id: userId, reason }),
      unblock: (userId) => runtime.enqueue('chat.unblock', { event_id: eventId, user_id: userId }),
      dismiss: (outboxId) => runtime.dismiss(outboxId),
      retry: (outboxId) => runtime.retryParked(outboxId),
    }),
    [runtime, eventId],
  );
}

/** True while `busy` work runs; the form uses it to allow one send at a time. */
export function useBusy(): [boolean, <T>(work: () => Promise<T>) => Promise<T>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(work: () => Promise<T>) => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  }, []);
  useEffect(() => () => setBusy(false), []);
  return [busy, run];
}

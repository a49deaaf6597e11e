import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CommentDoc, LikeType } from '../../contract/chat.ts';
import { CHAT_PAGE_SIZE } from '../../contract/constants.ts';
import { commentsFromLegacy, observeChatSource, overlayComments, type ChatCommand, type ChatItem } from '../../sync/chat.ts';
import type { FoyerDatabase } from '../../sync/database.ts';
import { joinUrl } from '../../sync/http.ts';
import type { Loadable } from './api.ts';
import { useEvent, useRuntime, useSession, useStore } from './hooks.ts';
import { LiveStore, LiveStoreMap } from './live-store.ts';
import { ValueStore } from './value-store.ts';

export type { ChatItem } from '../../sync/chat.ts';

/**
 * The event chat for screens (events.md §2, §4–5). The recent window is replicated by the worker
 * (the `comments` scope of the events the user may read, sync/scopes.ts); older pages are fetched
 * on demand from GET /api/events/get-chat-messages with before_id (stable while new comments
 * arrive) and kept in memory for the session only: they are history the user scrolled to, cheap
 * to fetch again, and keeping them would need a place in the 13-collection budget or an unbounded
 * local document.
 *
 * Pictures: a comment's picture must be uploaded before its comment.add can name it (the server
 * checks and re-encodes the bytes). Offline, the picture is refused with `image_needs_connection`
 * and the text stays in the form, so the user chooses to send the text alone or wait; keeping
 * picture bytes in IndexedDB for a later upload would make the outbox depend on a second queue
 * whose failures the user could not see.
 */

interface ChatSource {
  window: CommentDoc[];
  commands: ChatCommand[];
}

export interface OlderPages {
  items: CommentDoc[];
  loading: boolean;
  failed: boolean;
  /** The server had nothing older. */
  exhausted: boolean;
}
const NO_OLDER: OlderPages = { items: [], loading: false, failed: false, exhausted: false };

export class ChatStores {
  readonly byEvent = new LiveStoreMap<number, ChatSource>((eventId) => new LiveStore((db) => observeChatSource(db, eventId), { window: [], commands: [] }));
  private readonly older = new Map<number, ValueStore<OlderPages>>();

  setDatabase(db: FoyerDatabase | null): void {
    this.byEvent.setDatabase(db);
    // Another user's history must not stay on screen after a logout.
    if (!db) for (const store of this.older.values()) store.set(NO_OLDER);
  }

  olderOf(eventId: number): ValueStore<OlderPages> {
    let store = this.older.get(eventId);
    if (!store) {
      store = new ValueStore<OlderPages>(NO_OLDER);
      this.older.set(eventId, store);
    }
    return store;
  }
}

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
  /** Fetches the next CHAT_PAGE_SIZE comments older than the oldest shown; needs a connection. */
  loadOlder(): void;
}

export function useEventChat(eventId: number): EventChat {
  const runtime = useRuntime();
  const { user } = useSession();
  const { data: event, isLoading: eventLoading } = useEvent(eventId);
  const source = useStore(runtime.chat.byEvent.get(eventId));
  const olderStore = runtime.chat.olderOf(eventId);
  const older = useStore(olderStore);
  const me = useMemo(
    () => (user ? { user_id: user.id, first_name: user.first_name, last_name: user.last_name, avatar: `/files/avatars/${user.id}.svg` } : null),
    [user],
  );
  const items = useMemo(() => overlayComments(eventId, source.value.window, older.items, source.value.commands, me), [eventId, source.value, older.items, me]);
  const moderator = Boolean(event && (event.is_owner || event.is_moderator));
  const reader = Boolean(user && event && (moderator || event.has_ticket || (event.checked_in && event.is_free)));
  const blocked = Boolean(user && items.some((i) => i.user_id === user.id && i.comment_id !== null && i.is_blocked_in_chat));

  const loadOlder = useCallback(() => {
    const current = olderStore.get();
    if (current.loading || current.exhausted) return;
    const ids = [...source.value.window, ...current.items].map((c) => c.comment_id);
    const oldest = ids.length ? Math.min(...ids) : 0;
    olderStore.set({ ...current, loading: true, failed: false });
    const q = new URLSearchParams({ event_id: String(eventId), limit: String(CHAT_PAGE_SIZE), sort_by: '-date' });
    if (oldest > 0) q.set('before_id', String(oldest));
    runtime
      .legacy(`/api/events/get-chat-messages?${q.toString()}`)
      .then((data) => {
        const page = commentsFromLegacy(eventId, data);
        const latest = olderStore.get();
        const known = new Set(latest.items.map((c) => c.comment_id));
        olderStore.set({ items: [...latest.items, ...page.filter((c) => !known.has(c.comment_id))], loading: false, failed: false, exhausted: page.length < CHAT_PAGE_SIZE });
      })
      .catch((err: unknown) => {
        console.error('foyer: loading older comments failed', err);
        olderStore.set({ ...olderStore.get(), loading: false, failed: true });
      });
  }, [runtime, olderStore, source.value.window, eventId]);

  const data = useMemo(() => ({ items, reader, moderator, blocked, older }), [items, reader, moderator, blocked, older]);
  return useMemo(() => ({ data, isLoading: source.loading || eventLoading, loadOlder }), [data, source.loading, eventLoading, loadOlder]);
}

export type ChatSendResult = { ok: true } | { ok: false; code: 'empty' | 'image_needs_connection' | 'image_refused' | 'auth_required' };

export interface ChatActions {
  /** Queues the comment (uploading its picture first, which needs a connection). */
  send(text: string, image?: Blob | null): Promise<ChatSendResult>;
  like(commentId: number, type: LikeType): Promise<void>;
  unlike(commentId: number): Promise<void>;
  remove(commentId: number): Promise<void>;
  block(userId: number, reason: string): Promise<void>;
  unblock(userId: number): Promise<void>;
  /** Forgets a rejected comment. */
  dismiss(outboxId: string): Promise<void>;
}

async function uploadImage(baseUrl: string, eventId: number, image: Blob): Promise<string | 'offline' | 'refused'> {
  const form = new FormData();
  form.set('event_id', String(eventId));
  form.set('image', image);
  let res: Response;
  try {
    res = await fetch(joinUrl(baseUrl, '/api/events/upload-chat-image'), { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    return 'offline';
  }
  const body = (await res.json().catch(() => null)) as { status_code?: number; data?: { image?: unknown } } | null;
  const name = body?.status_code === 200 ? body.data?.image : undefined;
  return typeof name === 'string' ? name : 'refused';
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
          const uploaded = await uploadImage(runtime.baseUrl, eventId, image);
          if (uploaded === 'offline') return { ok: false, code: 'image_needs_connection' };
          if (uploaded === 'refused') return { ok: false, code: 'image_refused' };
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
    }),
    [runtime, eventId],
  );
}

/** True while `busy` work runs; the form uses it to allow one send at a time. */
export function useBusy(): [boolean, <T>(work: () => Promise<T>) => Promise<T>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T,>(work: () => Promise<T>) => {
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

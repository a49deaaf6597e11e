import { combineLatest, map, type Observable } from 'rxjs';
import { chatImageUrl, type CommentDoc, type LikeType } from '../../../contract/chat.ts';
import { CHAT_AUTOSCROLL_PX } from '../../../contract/constants.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { isInFlight, isStopped, type QueuedCommand } from '../../store/overlay.ts';

/**
 * The event chat on the device (events.md §2, §4, §5): the replicated recent window of `comments`,
 * older pages loaded on demand (sync/views/chat/history.ts), and the queued chat commands laid over
 * them. Pure rules here, so the screen, the twitterwall and the tests agree.
 *
 * - A comment written offline is the outbox entry itself: its id is the command id, which the
 *   server stores as the comment's `client_id`, so the pending entry disappears in the same render
 *   in which its comment arrives — never shown twice, never missing.
 * - A rejected comment.add stays in the list as "not sent" with its code until dismissed
 *   (ARCHITECTURE.md "nothing the user did disappears silently").
 * - Likes are set, not toggled: the overlay puts the wanted vote over the document and moves the
 *   counters from the document's vote, so a vote the server already counted is not counted twice.
 * - A queued comment.remove hides the comment at once.
 */

export type ChatItemState = 'sent' | 'pending' | 'rejected';

export interface ChatAuthor {
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string;
}

export interface ChatItem extends ChatAuthor {
  /** Stable React key: the comment id, or the outbox id while not yet on the server. */
  key: string;
  /** null until the server has it. */
  comment_id: number | null;
  comment: string;
  image: string;
  /** Unix seconds: the server's receipt, or the device's time of writing while pending. */
  date: number;
  likes_count: number;
  dislikes_count: number;
  my_like_type: 0 | LikeType;
  is_blocked_in_chat: boolean;
  state: ChatItemState;
  /** The outbox entry behind a pending or rejected item. */
  outbox_id?: string;
  /** The server's error code of a rejected item. */
  code?: string;
  /** A rejected item that was not refused but parked after the server failed on it: it can be tried again. */
  parked?: boolean;
}

export interface ChatCommand extends QueuedCommand {
  occurredAt: string;
  code?: string;
}

const numberOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

function fromDoc(d: CommentDoc): ChatItem {
  return {
    key: String(d.comment_id),
    comment_id: d.comment_id,
    user_id: d.user_id,
    first_name: d.first_name,
    last_name: d.last_name,
    avatar: d.avatar,
    comment: d.comment,
    image: d.image,
    date: d.date,
    likes_count: d.likes_count,
    dislikes_count: d.dislikes_count,
    my_like_type: (d.my_like_type === 1 || d.my_like_type === 2 ? d.my_like_type : 0) as 0 | LikeType,
    is_blocked_in_chat: d.is_blocked_in_chat,
    state: 'sent',
  };
}

function withVote(item: ChatItem, wanted: 0 | LikeType): ChatItem {
  if (item.my_like_type === wanted) return item;
  let likes = item.likes_count;
  let dislikes = item.dislikes_count;
  if (item.my_like_type === 1) likes--;
  if (item.my_like_type === 2) dislikes--;
  if (wanted === 1) likes++;
  if (wanted === 2) dislikes++;
  return { ...item, my_like_type: wanted, likes_count: Math.max(0, likes), dislikes_count: Math.max(0, dislikes) };
}

/**
 * The chat as the user should see it, oldest first: server comments (the window and the older
 * pages, each once), with queued votes and removals applied, then the user's own comments that
 * the server has not sent back yet, in the order they were written.
 */
export function overlayComments(
  eventId: number,
  window: readonly CommentDoc[],
  older: readonly CommentDoc[],
  commands: readonly ChatCommand[],
  me: ChatAuthor | null,
): ChatItem[] {
  const byId = new Map<number, ChatItem>();
  // The replicated window is the fresher copy of anything also fetched as an older page.
  for (const d of older) if (d.event_id === eventId) byId.set(d.comment_id, fromDoc(d));
  for (const d of window) if (d.event_id === eventId) byId.set(d.comment_id, fromDoc(d));
  const arrived = new Set<string>();
  for (const d of window) if (d.client_id) arrived.add(d.client_id);

  const ordered = [...commands].sort((a, b) => a.seq - b.seq);
  const own: ChatItem[] = [];
  for (const cmd of ordered) {
    const commentId = numberOf(cmd.payload.comment_id);
    if (cmd.kind === 'comment.add') {
      if (numberOf(cmd.payload.event_id) !== eventId || arrived.has(cmd.id) || !me) continue;
      if (!isInFlight(cmd) && !isStopped(cmd.status)) continue;
      const at = Date.parse(cmd.occurredAt);
      own.push({
        ...me,
        key: cmd.id,
        comment_id: null,
        comment: typeof cmd.payload.comment === 'string' ? cmd.payload.comment : '',
        // The picture was uploaded before the comment was queued; its uploader may already see it.
        image: typeof cmd.payload.image === 'string' && cmd.payload.image ? chatImageUrl(cmd.payload.image) : '',
        date: Number.isNaN(at) ? 0 : Math.floor(at / 1000),
        likes_count: 0,
        dislikes_count: 0,
        my_like_type: 0,
        is_blocked_in_chat: false,
        state: isStopped(cmd.status) ? 'rejected' : 'pending',
        outbox_id: cmd.id,
        ...(cmd.code ? { code: cmd.code } : {}),
        ...(cmd.status === 'parked' ? { parked: true } : {}),
      });
      continue;
    }
    if (!isInFlight(cmd) || commentId === undefined) continue;
    const item = byId.get(commentId);
    if (!item) continue;
    if (cmd.kind === 'comment.like') {
      const type = cmd.payload.like_type;
      if (type === 1 || type === 2) byId.set(commentId, withVote(item, type));
    } else if (cmd.kind === 'comment.unlike') {
      byId.set(commentId, withVote(item, 0));
    } else if (cmd.kind === 'comment.remove') {
      byId.delete(commentId);
    }
  }
  const sent = [...byId.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
  return [...sent, ...own];
}

/** The list follows new comments only while the reader is near its end (events.md §4, 280 px). */
export function shouldAutoScroll(el: { scrollHeight: number; scrollTop: number; clientHeight: number }, thresholdPx = CHAT_AUTOSCROLL_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= thresholdPx;
}

/** events.md §5: never a trimmed-empty text, never while the previous send is being queued. */
export function canSendComment(text: string, busy: boolean): boolean {
  return !busy && text.trim().length > 0;
}

/** The legacy list's items (GET /api/events/get-chat-messages) as documents for overlayComments. */
export function commentsFromLegacy(eventId: number, data: unknown): CommentDoc[] {
  const d = data as { users?: Record<string, Record<string, unknown>>; comment_data?: { items?: Record<string, unknown>[] } } | null;
  const users = d?.users ?? {};
  const out: CommentDoc[] = [];
  for (const it of d?.comment_data?.items ?? []) {
    const id = numberOf(it.id);
    const userId = numberOf(it.user_id);
    if (id === undefined || userId === undefined) continue;
    const u = users[String(userId)] ?? {};
    const likes = (it.likes ?? {}) as Record<string, unknown>;
    out.push({
      id: String(id),
      comment_id: id,
      event_id: eventId,
      user_id: userId,
      first_name: String(u.first_name ?? ''),
      last_name: String(u.last_name ?? ''),
      avatar: String(u.avatar ?? ''),
      comment: String(it.comment ?? ''),
      image: String(it.image ?? ''),
      date: numberOf(it.date) ?? 0,
      likes_count: numberOf(likes.like) ?? 0,
      dislikes_count: numberOf(likes.dislike) ?? 0,
      my_like_type: numberOf(likes.my_like_type) ?? 0,
      is_blocked_in_chat: it.is_blocked_in_chat === true,
      client_id: '',
      rev: 0,
    });
  }
  return out;
}

const CHAT_KINDS = ['comment.add', 'comment.like', 'comment.unlike', 'comment.remove'];

export function observeEventComments(db: FoyerDatabase, eventId: number): Observable<CommentDoc[]> {
  return db.comments.find({ selector: { event_id: eventId } }).$.pipe(map((list) => list.map((d) => d.toJSON() as CommentDoc)));
}

export function observeChatCommands(db: FoyerDatabase): Observable<ChatCommand[]> {
  return db.outbox.find({ selector: { kind: { $in: CHAT_KINDS } }, sort: [{ seq: 'asc' }] }).$.pipe(map((list) => list.map((d) => d.toJSON() as OutboxDoc)));
}

/** The window and the queued chat commands together, for one event. */
export function observeChatSource(db: FoyerDatabase, eventId: number): Observable<{ window: CommentDoc[]; commands: ChatCommand[] }> {
  return combineLatest([observeEventComments(db, eventId), observeChatCommands(db)]).pipe(map(([window, commands]) => ({ window, commands })));
}

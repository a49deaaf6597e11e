import { map, type Observable, type Subscription } from 'rxjs';
import type { CommentDoc } from '../../../contract/chat.ts';
import { API_MAX_LIMIT, CHAT_PAGE_SIZE } from '../../../contract/constants.ts';
import { commentsFromLegacy } from './chat.ts';
import { legacyGet, LegacyError } from '../../store/caches.ts';
import type { FoyerDatabase } from '../../engine/database.ts';
import { AbortedError, HttpError, NetworkError } from '../../engine/http.ts';
import { modifyLocal, observeLocal, readLocal, writeLocal } from '../../store/local.ts';
import type { RunTask, RunTaskHost } from '../../engine/run-task.ts';

/**
 * Older chat history on the device: the comments older than the replicated window (sync/engine/scopes.ts
 * `comments`), which the chat loads on demand, 10 per page, as the reader scrolls up.
 *
 * The screen never fetches them itself. It writes what it wants into a local document (how many
 * older comments, and whether the chat is on screen); the sync engine fetches them from
 * events/get-chat-messages and writes them into a local document per event, which the screen
 * reads like any other local data. While the chat is on screen, every live hint for that event's
 * comments (and every reconnect) makes the engine read the range it holds again, so likes,
 * dislikes and deletions of those older comments reach the device although the change feed only
 * carries the window. A closed chat keeps its history for reading offline, unrefreshed, and is
 * refreshed when it opens again. The ten most recently used events are kept.
 *
 * Several tabs share the documents; "on screen" is the last tab's word, so a second tab showing
 * the same chat after the first closed it waits for its next open to be refreshed again.
 */

export const LOCAL_CHAT_HISTORY_REQUESTS = 'chat_history_requests';
export const chatHistoryId = (eventId: number) => `chat_history:${eventId}`;
/** Events whose older history a device keeps; the least recently used goes first. */
export const CHAT_HISTORY_KEEP_EVENTS = 10;
/** Older pages kept per event: enough to scroll far back, bounded so a refresh stays cheap. */
export const CHAT_HISTORY_MAX_PAGES = 50;

export interface ChatHistoryRequest {
  /**
   * How many pages (CHAT_PAGE_SIZE each) older than the window the screen wants. Pages, not
   * comments: a deletion among them must not make the device load another page on its own.
   */
  pages: number;
  /** The chat is on screen: refresh on hints. */
  open: boolean;
  /** Epoch milliseconds of the screen's last word; a retry after a failure writes a newer one. */
  at: number;
}

export interface ChatHistoryRequestsDoc {
  items: Record<string, ChatHistoryRequest>;
}

export interface ChatHistoryDoc {
  /** Oldest first, each once. */
  items: CommentDoc[];
  /** How many pages were loaded into `items`. */
  pages: number;
  /** The server has nothing older. */
  exhausted: boolean;
  /** Epoch milliseconds of the last answer written. */
  fetchedAt: number;
  /** Epoch milliseconds of the last page that could not be loaded; the screen offers a retry. */
  failedAt?: number;
}

export const EMPTY_HISTORY: ChatHistoryDoc = { items: [], pages: 0, exhausted: false, fetchedAt: 0 };

function trimRequests(items: Record<string, ChatHistoryRequest>): Record<string, ChatHistoryRequest> {
  const list = Object.entries(items).filter(([id]) => /^[1-9]\d{0,9}$/.test(id));
  list.sort((a, b) => b[1].at - a[1].at);
  return Object.fromEntries(list.slice(0, CHAT_HISTORY_KEEP_EVENTS));
}

function modifyRequest(db: FoyerDatabase, eventId: number, fn: (r: ChatHistoryRequest) => ChatHistoryRequest): Promise<ChatHistoryRequestsDoc> {
  return modifyLocal<ChatHistoryRequestsDoc>(db, LOCAL_CHAT_HISTORY_REQUESTS, { items: {} }, (doc) => {
    const current = doc.items[String(eventId)] ?? { pages: 0, open: false, at: 0 };
    return { items: trimRequests({ ...doc.items, [String(eventId)]: fn(current) }) };
  });
}

/** The screen: the event's chat is (no longer) on screen. */
export async function setChatHistoryOpen(db: FoyerDatabase, eventId: number, open: boolean, at = Date.now()): Promise<void> {
  await modifyRequest(db, eventId, (r) => ({ ...r, open, at: Math.max(at, r.at) }));
}

/**
 * The screen: it wants `pages` pages older than the window (one more than it holds when the reader
 * scrolls up). Asking again for the same number is a retry.
 */
export async function wantOlderComments(db: FoyerDatabase, eventId: number, pages: number, at = Date.now()): Promise<void> {
  const capped = Math.min(Math.max(0, Math.trunc(pages)), CHAT_HISTORY_MAX_PAGES);
  await modifyRequest(db, eventId, (r) => ({ ...r, pages: Math.max(r.pages, capped), at: Math.max(at, r.at + 1) }));
}

export function observeChatHistoryRequests(db: FoyerDatabase): Observable<Record<string, ChatHistoryRequest>> {
  return observeLocal<ChatHistoryRequestsDoc>(db, LOCAL_CHAT_HISTORY_REQUESTS).pipe(map((d) => trimRequests(d?.items ?? {})));
}

export function observeChatHistory(db: FoyerDatabase, eventId: number): Observable<ChatHistoryDoc> {
  return observeLocal<ChatHistoryDoc>(db, chatHistoryId(eventId)).pipe(map((d) => d ?? EMPTY_HISTORY));
}

export function readChatHistory(db: FoyerDatabase, eventId: number): Promise<ChatHistoryDoc | null> {
  return readLocal<ChatHistoryDoc>(db, chatHistoryId(eventId));
}

/** What the screen shows about the older pages, from the two documents. */
export interface OlderState {
  items: CommentDoc[];
  /** Pages loaded so far; the next request asks for one more. */
  pages: number;
  loading: boolean;
  failed: boolean;
  exhausted: boolean;
}

export function olderState(history: ChatHistoryDoc, request: ChatHistoryRequest | undefined): OlderState {
  const waiting = !!request && request.pages > history.pages && !history.exhausted;
  const failed = waiting && history.failedAt !== undefined && history.failedAt >= request.at;
  return { items: history.items, pages: history.pages, loading: waiting && !failed, failed, exhausted: history.exhausted };
}

// ---- the engine's side ----

export type ChatHistoryHost = RunTaskHost;

interface Task {
  again: boolean;
  refresh: boolean;
  done: Promise<void>;
}

/**
 * Runs in the sync engine for a signed-in user: follows the requests document, loads the pages
 * asked for, and re-reads an open chat's history when told its event changed. One task per event
 * at a time; what arrives meanwhile is folded into one more run.
 */
export class ChatHistorySync implements RunTask {
  private requests: Record<string, ChatHistoryRequest> = {};
  private readonly tasks = new Map<number, Task>();

  constructor(private readonly host: ChatHistoryHost) {}

  follow(): Subscription {
    return observeChatHistoryRequests(this.host.db).subscribe((next) => {
      const before = this.requests;
      this.requests = next;
      for (const [id, r] of Object.entries(next)) {
        const prev = before[id];
        if (prev && JSON.stringify(prev) === JSON.stringify(r)) continue;
        // Opening the chat refreshes what it held while closed; a bigger want loads a page.
        this.schedule(Number(id), r.open && !prev?.open);
      }
      for (const id of Object.keys(before)) {
        if (!next[id]) this.forget(Number(id));
      }
    });
  }

  /** Live hints named these events' comments (null: any event); open chats re-read their history. */
  refresh(eventIds: ReadonlySet<number> | null): void {
    for (const [id, r] of Object.entries(this.requests)) {
      if (r.open && (eventIds === null || eventIds.has(Number(id)))) this.schedule(Number(id), true);
    }
  }

  hinted(collections: readonly string[], eventIds: ReadonlySet<number> | null): void {
    if (collections.includes('comments')) this.refresh(eventIds);
  }

  /** The stream (re)connected: refresh open chats and retry pages that could not be loaded. */
  reconnected(): void {
    for (const [id, r] of Object.entries(this.requests)) this.schedule(Number(id), r.open);
  }

  async idle(): Promise<void> {
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks.values()].map((t) => t.done));
  }

  private forget(eventId: number) {
    const run = async () => {
      await this.tasks.get(eventId)?.done;
      if (!this.requests[String(eventId)]) await this.host.db.getLocal(chatHistoryId(eventId)).then((d) => d?.remove());
    };
    run().catch((err: unknown) => console.error('foyer sync: dropping chat history failed', err));
  }

  private schedule(eventId: number, refresh: boolean) {
    const current = this.tasks.get(eventId);
    if (current) {
      current.again = true;
      current.refresh ||= refresh;
      return;
    }
    const task: Task = { again: false, refresh, done: Promise.resolve() };
    this.tasks.set(eventId, task);
    task.done = (async () => {
      try {
        do {
          const refreshNow = task.refresh;
          task.again = false;
          task.refresh = false;
          await this.runOnce(eventId, refreshNow);
        } while (task.again && !this.host.signal.aborted);
      } finally {
        this.tasks.delete(eventId);
      }
    })();
  }

  private async runOnce(eventId: number, refresh: boolean) {
    const { db, signal } = this.host;
    const request = this.requests[String(eventId)];
    if (!request || signal.aborted) return;
    let history = (await readChatHistory(db, eventId)) ?? EMPTY_HISTORY;
    let loading = false;
    try {
      const first = history.items[0];
      const last = history.items.at(-1);
      if (refresh && first && last) {
        const from = first.comment_id;
        const to = last.comment_id;
        history = { ...history, items: await this.fetchRange(eventId, from, to), fetchedAt: Date.now() };
        if (signal.aborted) return;
        await writeLocal(db, chatHistoryId(eventId), history);
      }
      while (history.pages < Math.min(request.pages, CHAT_HISTORY_MAX_PAGES) && !history.exhausted && !signal.aborted) {
        loading = true;
        const before = await this.oldestKnown(eventId, history);
        const q = new URLSearchParams({ event_id: String(eventId), limit: String(CHAT_PAGE_SIZE), sort_by: '-date' });
        if (before !== null) q.set('before_id', String(before));
        const page = commentsFromLegacy(eventId, await legacyGet(this.host.http, `/api/events/get-chat-messages?${q}`, signal));
        if (signal.aborted) return;
        const known = new Set(history.items.map((c) => c.comment_id));
        const items = [...history.items, ...page.filter((c) => !known.has(c.comment_id))].sort((a, b) => a.comment_id - b.comment_id);
        history = { items, pages: history.pages + 1, exhausted: page.length < CHAT_PAGE_SIZE, fetchedAt: Date.now() };
        await writeLocal(db, chatHistoryId(eventId), history);
      }
    } catch (err) {
      if (err instanceof AbortedError || signal.aborted) return;
      if (err instanceof HttpError && err.status === 401) {
        await this.host.onUnauthorized();
        return;
      }
      const expected = err instanceof NetworkError || err instanceof LegacyError || (err instanceof HttpError && err.status >= 500);
      if (!expected) console.error(`foyer sync: chat history of event ${eventId} failed`, err);
      // Only a page the reader waits for is reported; a failed refresh keeps the copy until the next.
      if (loading || history.pages < request.pages) await writeLocal(db, chatHistoryId(eventId), { ...history, failedAt: Date.now() });
    }
  }

  /** The oldest comment the device holds of this event, window or history; null when none. */
  private async oldestKnown(eventId: number, history: ChatHistoryDoc): Promise<number | null> {
    const oldestWindow = await this.host.db.comments.findOne({ selector: { event_id: eventId }, sort: [{ event_id: 'asc' }, { comment_id: 'asc' }] }).exec();
    const ids = [...(oldestWindow ? [oldestWindow.comment_id] : []), ...(history.items[0] ? [history.items[0].comment_id] : [])];
    return ids.length ? Math.min(...ids) : null;
  }

  /** Every live comment with from <= id <= to, as the server has them now. */
  private async fetchRange(eventId: number, from: number, to: number): Promise<CommentDoc[]> {
    const out: CommentDoc[] = [];
    let before = to + 1;
    for (;;) {
      const q = new URLSearchParams({
        event_id: String(eventId),
        limit: String(API_MAX_LIMIT),
        sort_by: '-date',
        before_id: String(before),
        from_id: String(from),
      });
      const page = commentsFromLegacy(eventId, await legacyGet(this.host.http, `/api/events/get-chat-messages?${q}`, this.host.signal));
      out.push(...page);
      if (page.length < API_MAX_LIMIT) break;
      before = Math.min(...page.map((c) => c.comment_id));
    }
    return out.sort((a, b) => a.comment_id - b.comment_id);
  }
}

import { combineLatest, map } from 'rxjs';
import type { CommentDoc } from '../../../contract/chat.ts';
import { observeChatSource, type ChatCommand } from '../../../sync/views/chat/chat.ts';
import {
  EMPTY_HISTORY,
  observeChatHistory,
  observeChatHistoryRequests,
  setChatHistoryOpen,
  wantOlderComments,
  type ChatHistoryDoc,
  type ChatHistoryRequest,
} from '../../../sync/views/chat/history.ts';
import type { FoyerDatabase } from '../../../sync/engine/database.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

interface ChatSource {
  window: CommentDoc[];
  commands: ChatCommand[];
}

interface HistorySource {
  history: ChatHistoryDoc;
  request: ChatHistoryRequest | undefined;
}

export class ChatStores {
  readonly byEvent = new LiveStoreMap<number, ChatSource>((eventId) => new LiveStore((db) => observeChatSource(db, eventId), { window: [], commands: [] }));
  readonly history = new LiveStoreMap<number, HistorySource>(
    (eventId) =>
      new LiveStore<HistorySource>(
        (db) =>
          combineLatest([observeChatHistory(db, eventId), observeChatHistoryRequests(db)]).pipe(
            map(([history, requests]) => ({ history, request: requests[String(eventId)] })),
          ),
        { history: EMPTY_HISTORY, request: undefined },
      ),
  );
  private db: FoyerDatabase | null = null;
  /** How many screens of this tab show each event's chat; the device hears only 0 ↔ 1. */
  private readonly openCount = new Map<number, number>();

  setDatabase(db: FoyerDatabase | null): void {
    this.db = db;
    this.byEvent.setDatabase(db);
    this.history.setDatabase(db);
    if (db) for (const [eventId, n] of this.openCount) if (n > 0) this.write((d) => setChatHistoryOpen(d, eventId, true));
  }

  /** A screen shows the event's chat; the returned function says it stopped. */
  open(eventId: number): () => void {
    const n = this.openCount.get(eventId) ?? 0;
    this.openCount.set(eventId, n + 1);
    if (n === 0) this.write((db) => setChatHistoryOpen(db, eventId, true));
    return () => {
      const left = (this.openCount.get(eventId) ?? 1) - 1;
      this.openCount.set(eventId, left);
      if (left === 0) this.write((db) => setChatHistoryOpen(db, eventId, false));
    };
  }

  /** Asks for `pages` older pages: one more than shown, or the same again (a retry). */
  wantOlder(eventId: number, pages: number): void {
    this.write((db) => wantOlderComments(db, eventId, pages));
  }

  private write(fn: (db: FoyerDatabase) => Promise<void>) {
    if (!this.db) return;
    fn(this.db).catch((err: unknown) => console.error('foyer: writing the chat history request failed', err));
  }
}

import { combineLatest, map } from 'rxjs';
import type { FoyerDatabase } from '../../engine/database.ts';
import type { RunTaskFactory } from '../../engine/run-task.ts';
import { ChatHistorySync, setChatHistoryOpen, wantOlderComments } from './history.ts';
import { observeChatSource } from './chat.ts';
import { observeChatHistory, observeChatHistoryRequests } from './history.ts';

/**
 * The live reads of an event's chat: the device's window of comments with the queued ones, and the
 * older pages asked for, as the worker serves them to the page by name (workers/queries.ts merges
 * every area's). A screen reads one with useDevice(query(name, ...args)).
 */
export const CHAT_READS = {
  chat: (db: FoyerDatabase, eventId: number) => observeChatSource(db, eventId),
  chatHistory: (db: FoyerDatabase, eventId: number) =>
    combineLatest([observeChatHistory(db, eventId), observeChatHistoryRequests(db)]).pipe(
      map(([history, requests]) => ({ history, request: requests[String(eventId)] })),
    ),
} as const;

/**
 * The local writes of the chat: which chats are open, and the older pages asked for, which the
 * page asks of the device by name (workers/actions.ts merges every area's).
 */
export const CHAT_WRITES = {
  setChatHistoryOpen: (db: FoyerDatabase, eventId: number, open: boolean) => setChatHistoryOpen(db, eventId, open),
  wantOlderComments: (db: FoyerDatabase, eventId: number, pages: number) => wantOlderComments(db, eventId, pages),
} as const;

/**
 * The chat's work in a signed-in run: the older pages a screen asked for, re-read when live hints
 * name the event's comments (workers/caches.ts hands it to the engine with every area's).
 */
export const CHAT_RUN_TASK: RunTaskFactory = (host) =>
  // A device database from before the chat had its collection has nothing to keep pages of.
  (host.db.collections as Partial<typeof host.db.collections>).comments ? new ChatHistorySync(host) : null;

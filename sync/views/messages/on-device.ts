import type { FoyerDatabase } from '../../engine/database.ts';
import { observeDialogMessages, observeMessaging } from './messages.ts';

/**
 * The live reads of private messages: the dialogs with their queued messages, and one dialog's
 * messages, as the worker serves them to the page by name (workers/queries.ts merges every
 * area's). A screen reads one with useDevice(query(name, ...args)).
 */
export const MESSAGE_READS = {
  messaging: (db: FoyerDatabase) => observeMessaging(db),
  dialog: (db: FoyerDatabase, peerId: number) => observeDialogMessages(db, peerId),
} as const;

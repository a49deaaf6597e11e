import type { MessageDoc } from '../../../contract/chat.ts';
import type { FoyerDatabase } from '../../../sync/engine/database.ts';
import { EMPTY_MESSAGING, observeDialogMessages, observeMessaging, type MessagingState } from '../../../sync/views/messages/messages.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/**
 * Private messages (networking.md §2, contract/chat.ts) for the screens: the replicated dialogs
 * and messages overlaid with the queued commands (sync/views/messages/messages.ts). Nothing here waits on the
 * network: a message is an outbox entry the moment it is sent, shown as pending until its
 * document comes back, and a refusal stays in the dialog as failed until dismissed.
 */
export class MessagesStores {
  readonly state = new LiveStore<MessagingState>((db) => observeMessaging(db), EMPTY_MESSAGING);
  readonly dialogs = new LiveStoreMap<number, MessageDoc[]>((peerId) => new LiveStore((db) => observeDialogMessages(db, peerId), []));

  setDatabase(db: FoyerDatabase | null): void {
    this.state.setDatabase(db);
    this.dialogs.setDatabase(db);
  }
}

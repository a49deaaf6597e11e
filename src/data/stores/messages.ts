import type { MessageDoc } from '../../../contract/chat.ts';
import { EMPTY_MESSAGING, type MessagingState } from '../../../sync/views/messages/messages.ts';
import { query, type Device } from '../device.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/**
 * Private messages (networking.md §2, contract/chat.ts) for the screens: the replicated dialogs
 * and messages overlaid with the queued commands (sync/views/messages/messages.ts). Nothing here waits on the
 * network: a message is an outbox entry the moment it is sent, shown as pending until its
 * document comes back, and a refusal stays in the dialog as failed until dismissed.
 */
export class MessagesStores {
  readonly state = new LiveStore<MessagingState>(query('messaging'), EMPTY_MESSAGING);
  readonly dialogs = new LiveStoreMap<number, MessageDoc[]>((peerId) => new LiveStore(query('dialog', peerId), []));

  setDevice(device: Device | null): void {
    this.state.setDevice(device);
    this.dialogs.setDevice(device);
  }
}

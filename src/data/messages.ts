import { useMemo } from 'react';
import {
  cardFromAppointments,
  dialogMessages,
  mayMessage,
  messageToSend,
  overlayDialogs,
  pageOfDialogs,
  unreadTotal,
  type DialogView,
  type DialogsFilter,
  type DialogsPage,
  type MessageView,
  type MessagingState,
  type PeerCard,
  EMPTY_MESSAGING,
} from '../../sync/views/messages/messages.ts';
import type { MessageDoc } from '../../contract/chat.ts';
import type { Loadable } from './api.ts';
import { query } from './device.ts';
import { useDevice, useRuntime } from './hooks.ts';

const NO_MESSAGES: MessageDoc[] = [];

export type { DialogView, DialogsFilter, DialogsPage, MessageView, PeerCard } from '../../sync/views/messages/messages.ts';

interface Joined {
  viewerId: number | null;
  dialogs: DialogView[];
  state: MessagingState;
  card(userId: number): PeerCard | undefined;
  loading: boolean;
}

function useJoined(): Joined {
  const { loading, value } = useDevice(query('messaging'), EMPTY_MESSAGING);
  return useMemo(() => {
    const card = cardFromAppointments(value.appointments);
    const dialogs = value.viewerId === null ? [] : overlayDialogs(value.dialogs, value.commands, value.viewerId, card);
    return { viewerId: value.viewerId, dialogs, state: value, card, loading };
  }, [value, loading]);
}

/** The dialog list: the first `page` pages of ten, starred first; closed dialogs hidden. */
export function useDialogs(page: number, filter: DialogsFilter = 'all'): Loadable<DialogsPage> {
  const { dialogs, loading } = useJoined();
  const data = useMemo(() => pageOfDialogs(dialogs, page, filter), [dialogs, page, filter]);
  return useMemo(() => ({ data, isLoading: loading }), [data, loading]);
}

export interface DialogData {
  /** The dialog as listed (closed ones too); undefined before any message either way. */
  dialog: DialogView | undefined;
  /** The partner's card: the dialog's, or from a shared appointment. */
  card: PeerCard | undefined;
  messages: MessageView[];
  viewerId: number | null;
  /** The server would accept a message: an approved meeting or an existing dialog. */
  canWrite: boolean;
}

/** One dialog with the person `otherUserId`, from local data. */
export function useDialog(otherUserId: number): Loadable<DialogData> {
  const joined = useJoined();
  const docs = useDevice(query('dialog', otherUserId), NO_MESSAGES);
  const data = useMemo(() => {
    const { viewerId, dialogs, state, card } = joined;
    const dialog = dialogs.find((d) => d.user_id === otherUserId);
    const messages = viewerId === null ? [] : dialogMessages(docs.value, state.commands, otherUserId, viewerId);
    const fromDialog = dialog?.fullname ? { first_name: dialog.first_name, last_name: dialog.last_name, avatar: dialog.avatar } : undefined;
    return {
      dialog,
      card: fromDialog ?? card(otherUserId),
      messages,
      viewerId,
      canWrite: viewerId !== null && viewerId !== otherUserId && mayMessage(state.appointments, state.dialogs, otherUserId),
    };
  }, [joined, docs.value, otherUserId]);
  return useMemo(() => ({ data, isLoading: joined.loading || docs.loading }), [data, joined.loading, docs.loading]);
}

/**
 * Whether the user may write to this person now (networking.md §4: only after an approved meeting;
 * or a dialog that exists), as the server decides it, from what the device holds. False while it
 * is not known yet, so no Message button leads to a refusal.
 */
export function useMayMessage(otherUserId: number): boolean {
  const { loading, value } = useDevice(query('messaging'), EMPTY_MESSAGING);
  return useMemo(
    () => !loading && value.viewerId !== null && value.viewerId !== otherUserId && mayMessage(value.appointments, value.dialogs, otherUserId),
    [loading, value, otherUserId],
  );
}

/** Unread messages of open, unmuted dialogs, from the dialogs on the device. */
export function useUnreadCount(): Loadable<number> {
  const { dialogs, loading, viewerId } = useJoined();
  const data = useMemo(() => unreadTotal(dialogs), [dialogs]);
  return useMemo(() => ({ data, isLoading: loading && viewerId === null }), [data, loading, viewerId]);
}

export interface MessageActions {
  /** Queues the message; false (and nothing queued) for a text that is empty once trimmed. */
  send(otherUserId: number, text: string): Promise<boolean>;
  markRead(otherUserId: number): Promise<void>;
  setFlags(otherUserId: number, flags: { muted?: boolean; starred?: boolean; closed?: boolean }): Promise<void>;
  /** Forgets a refused message (or drops a parked one). */
  dismiss(commandId: string): Promise<void>;
  /** Sends a parked message again. */
  retry(commandId: string): Promise<void>;
}

export function useMessageActions(): MessageActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      async send(otherUserId, text) {
        const clean = messageToSend(text);
        if (clean === null) return false;
        await runtime.enqueue('message.send', { recipient_id: otherUserId, text: clean });
        return true;
      },
      markRead: (otherUserId) => runtime.enqueue('dialog.read', { user_id: otherUserId }),
      setFlags: (otherUserId, flags) => runtime.enqueue('dialog.update', { user_id: otherUserId, ...flags }),
      dismiss: (commandId) => runtime.dismiss(commandId),
      retry: (commandId) => runtime.retryParked(commandId),
    }),
    [runtime],
  );
}

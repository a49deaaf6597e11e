import { combineLatest, distinctUntilChanged, map, of, switchMap, type Observable } from 'rxjs';
import type { AppointmentDoc } from '../../../contract/appointments.ts';
import type { DialogDoc, MessageDoc } from '../../../contract/chat.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { observeSession } from '../../store/observe.ts';
import { type DatedCommand, isStopped } from '../../store/overlay.ts';

/**
 * Private messages (networking.md §2 "Messages screen", the MESSAGE RULES of contract/chat.ts) as
 * the screens show them: the server's `dialogs` and `messages` documents with the queued
 * `message.send`, `dialog.read` and `dialog.update` commands applied on top. Pure apart from the
 * observers at the end, so the unit tests check exactly what the screens render.
 *
 * Rules decided here, mirroring the server:
 * - A message queued offline is shown at once as pending, after the server's messages of that
 *   dialog, in the order it was queued (the outbox drains in seq order, and the server numbers
 *   messages in the order it receives them, so the order on screen does not change on delivery).
 * - A queued message whose document has come back (its client_id is the command id) is shown once,
 *   as the server's; the outbox entry leaves on the next settle.
 * - A refused message stays in its dialog as failed, with the server's code, until dismissed.
 * - Closing hides a dialog until a new message moves it (the server clears `closed` on a new
 *   message; a message queued here reopens it on this device at once).
 * - Starred dialogs come first, then the most recent conversation.
 * - The unread badge counts unread messages of open, unmuted dialogs: muting keeps delivery but
 *   stops the dialog from asking for attention.
 */

export const DIALOGS_PAGE_SIZE = 10;

export type MessageCommandKind = 'message.send' | 'dialog.read' | 'dialog.update';
const KINDS: readonly string[] = ['message.send', 'dialog.read', 'dialog.update'];

/** What the overlay needs of an outbox entry. */
export type MessageCommand = DatedCommand;

export type MessageState = 'sent' | 'pending' | 'failed';

export interface MessageView {
  /** Stable across delivery is not needed: a key for lists (server id, or the command id). */
  key: string;
  message_id: number | null;
  peer_id: number;
  sender_id: number;
  text: string;
  /** Unix seconds. */
  created_at: number;
  read: boolean;
  state: MessageState;
  /** The outbox entry behind a pending or failed message (for dismiss). */
  commandId: string | null;
  /** The server's refusal, on a failed message. */
  code: string | null;
  /** A failed message that was parked after the server failed on it, not refused: it can be tried again. */
  parked: boolean;
}

export interface DialogView extends DialogDoc {
  /** A queued command touches this dialog. */
  pending: boolean;
  /** The dialog exists only on this device so far (its first message is queued). */
  local: boolean;
  /** A message of this dialog was refused and not dismissed yet. */
  failed: boolean;
}

/** The other person's card when no dialog document holds it yet. */
export interface PeerCard {
  first_name: string;
  last_name: string;
  avatar: string;
}

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
const seconds = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
};

export function isMessageCommand(cmd: Pick<MessageCommand, 'kind'>): boolean {
  return KINDS.includes(cmd.kind);
}

/** The partner a command is about: recipient_id of a send, user_id of a read or an update. */
export function commandPeer(cmd: Pick<MessageCommand, 'kind' | 'payload'>): number | null {
  if (cmd.kind === 'message.send') return int(cmd.payload.recipient_id);
  if (cmd.kind === 'dialog.read' || cmd.kind === 'dialog.update') return int(cmd.payload.user_id);
  return null;
}

const bySeq = (a: MessageCommand, b: MessageCommand) => a.seq - b.seq || (a.id < b.id ? -1 : 1);
const inFlight = (c: MessageCommand) => !isStopped(c.status);

/**
 * One dialog's messages in order: the server's by message_id, then the queued and refused sends
 * in queue order. A send whose message already came back is shown once, as the server's.
 */
export function dialogMessages(docs: readonly MessageDoc[], commands: readonly MessageCommand[], peerId: number, viewerId: number): MessageView[] {
  const server = docs.filter((m) => m.peer_id === peerId).sort((a, b) => a.message_id - b.message_id);
  const delivered = new Set(server.map((m) => m.client_id).filter(Boolean));
  const out: MessageView[] = server.map((m) => ({
    key: m.id,
    message_id: m.message_id,
    peer_id: m.peer_id,
    sender_id: m.sender_id,
    text: m.text,
    created_at: m.created_at,
    read: m.read,
    state: 'sent',
    commandId: null,
    code: null,
    parked: false,
  }));
  const queued = commands.filter((c) => c.kind === 'message.send' && commandPeer(c) === peerId && !delivered.has(c.id)).sort(bySeq);
  for (const c of queued) {
    out.push({
      key: c.id,
      message_id: null,
      peer_id: peerId,
      sender_id: viewerId,
      text: typeof c.payload.text === 'string' ? c.payload.text : '',
      created_at: seconds(c.occurredAt),
      read: false,
      state: isStopped(c.status) ? 'failed' : 'pending',
      commandId: c.id,
      code: isStopped(c.status) ? (c.code ?? 'unknown_error') : null,
      parked: c.status === 'parked',
    });
  }
  return out;
}

function emptyDialog(peerId: number, card: PeerCard | undefined): DialogDoc {
  const first = card?.first_name ?? '';
  const last = card?.last_name ?? '';
  return {
    id: String(peerId),
    dialog_id: 0,
    user_id: peerId,
    first_name: first,
    last_name: last,
    fullname: `${first} ${last}`.trim(),
    avatar: card?.avatar ?? '',
    locality: '',
    last_message: '',
    last_message_sender_id: 0,
    last_message_at: 0,
    unread_count: 0,
    muted: false,
    starred: false,
    closed: false,
    rev: 0,
  };
}

/**
 * Every dialog as the viewer sees it, hidden (closed) ones included, unsorted. A dialog with a
 * queued first message appears at once, with the partner's card from `person`.
 */
export function overlayDialogs(
  dialogs: readonly DialogDoc[],
  commands: readonly MessageCommand[],
  viewerId: number,
  person: (userId: number) => PeerCard | undefined = () => undefined,
): DialogView[] {
  const byPeer = new Map<number, DialogView>();
  for (const d of dialogs) byPeer.set(d.user_id, { ...d, pending: false, local: false, failed: false });
  for (const c of [...commands].sort(bySeq)) {
    const peer = commandPeer(c);
    if (peer === null || peer === viewerId) continue;
    let view = byPeer.get(peer);
    if (!view) {
      // Only a send creates a dialog; reading or flagging one the device has not got changes nothing.
      if (c.kind !== 'message.send') continue;
      view = { ...emptyDialog(peer, person(peer)), pending: false, local: true, failed: false };
      byPeer.set(peer, view);
    }
    if (!inFlight(c)) {
      if (c.kind === 'message.send') view.failed = true;
      continue;
    }
    // Applied commands still overlay: the dialog document may be pulled after the outbox settles
    // the entry, never before the server's answer, so re-applying them shows no stale flag.
    view.pending = view.pending || c.status !== 'applied';
    if (c.kind === 'message.send') {
      const at = seconds(c.occurredAt);
      if (c.status !== 'applied' || at >= view.last_message_at) {
        view.last_message = typeof c.payload.text === 'string' ? c.payload.text : '';
        view.last_message_sender_id = viewerId;
        view.last_message_at = Math.max(view.last_message_at, at);
      }
      view.closed = false;
    } else if (c.kind === 'dialog.read') {
      view.unread_count = 0;
    } else {
      if (typeof c.payload.muted === 'boolean') view.muted = c.payload.muted;
      if (typeof c.payload.starred === 'boolean') view.starred = c.payload.starred;
      if (typeof c.payload.closed === 'boolean') view.closed = c.payload.closed;
    }
  }
  return [...byPeer.values()];
}

/** Starred first, then the most recent conversation, then the partner id (a stable order). */
export function compareDialogs(a: DialogView, b: DialogView): number {
  if (a.starred !== b.starred) return a.starred ? -1 : 1;
  return b.last_message_at - a.last_message_at || a.user_id - b.user_id;
}

export type DialogsFilter = 'all' | 'starred';

export interface DialogsPage {
  items: DialogView[];
  /** How many the list holds in all. */
  total: number;
  hasMore: boolean;
}

/**
 * The list of the messages screen: open dialogs only (closing means hide until a new message),
 * optionally only the starred ones, sorted, the first `page` pages of DIALOGS_PAGE_SIZE.
 */
export function pageOfDialogs(dialogs: readonly DialogView[], page: number, filter: DialogsFilter = 'all'): DialogsPage {
  const visible = dialogs.filter((d) => !d.closed && (filter === 'all' || d.starred)).sort(compareDialogs);
  const items = visible.slice(0, Math.max(1, page) * DIALOGS_PAGE_SIZE);
  return { items, total: visible.length, hasMore: items.length < visible.length };
}

/** The header's and profile's unread count: open, unmuted dialogs only. */
export function unreadTotal(dialogs: readonly DialogView[]): number {
  let n = 0;
  for (const d of dialogs) if (!d.closed && !d.muted) n += d.unread_count;
  return n;
}

/**
 * May the viewer write to this person? The server's rule (contract/chat.ts): an approved meeting
 * between them in any event, or a dialog that already exists on the server.
 */
export function mayMessage(appointments: readonly Pick<AppointmentDoc, 'other_user_id' | 'state'>[], dialogs: readonly DialogDoc[], peerId: number): boolean {
  if (dialogs.some((d) => d.user_id === peerId && d.dialog_id > 0)) return true;
  return appointments.some((a) => a.other_user_id === peerId && a.state === 'accepted');
}

/** A composer text worth sending: trimmed, never empty. */
export function messageToSend(text: string): string | null {
  const t = text.trim();
  return t ? t : null;
}

// ---- observers ----

export interface MessagingState {
  viewerId: number | null;
  dialogs: DialogDoc[];
  commands: MessageCommand[];
  appointments: AppointmentDoc[];
}

export const EMPTY_MESSAGING: MessagingState = { viewerId: null, dialogs: [], commands: [], appointments: [] };

const json = <T>(list: { toJSON(): unknown }[]) => list.map((d) => d.toJSON() as T);

function observeCommands(db: FoyerDatabase): Observable<MessageCommand[]> {
  return db.outbox.find({ selector: { kind: { $in: [...KINDS] } } }).$.pipe(map((list) => json<OutboxDoc>(list)));
}

/** The dialogs, the queued message commands and the appointments (cards and the meeting rule). */
export function observeMessaging(db: FoyerDatabase): Observable<MessagingState> {
  return observeSession(db).pipe(
    map((s) => (s.user && !s.ended ? s.user.id : null)),
    distinctUntilChanged(),
    switchMap((viewerId) => {
      if (viewerId === null) return of(EMPTY_MESSAGING);
      return combineLatest([
        db.dialogs.find().$.pipe(map((l) => json<DialogDoc>(l))),
        observeCommands(db),
        db.appointments.find().$.pipe(map((l) => json<AppointmentDoc>(l))),
      ]).pipe(map(([dialogs, commands, appointments]) => ({ viewerId, dialogs, commands, appointments })));
    }),
  );
}

/** One dialog's server messages, in message order. */
export function observeDialogMessages(db: FoyerDatabase, peerId: number): Observable<MessageDoc[]> {
  return db.messages.find({ selector: { peer_id: peerId }, sort: [{ peer_id: 'asc' }, { message_id: 'asc' }] }).$.pipe(map((l) => json<MessageDoc>(l)));
}

/** The partner's card from the user's appointments, for a dialog the device has not got yet. */
export function cardFromAppointments(appointments: readonly AppointmentDoc[]): (userId: number) => PeerCard | undefined {
  const cards = new Map<number, PeerCard>();
  for (const a of appointments) if (a.user_info.user_id === a.other_user_id) cards.set(a.other_user_id, a.user_info);
  return (userId) => cards.get(userId);
}

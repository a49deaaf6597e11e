import { sql } from 'kysely';
import { avatarUrl } from '../../../contract/avatars.ts';
import type { DialogDoc, MessageDoc } from '../../../contract/chat.ts';
import type { WsPersonalMessage } from '../../../contract/ws.ts';
import { toUnix, type Q, type Tx } from '../../db/tx.ts';

/**
 * Reads of dialogs and personal messages, always from one viewer's side: only dialogs the viewer
 * is in, with the viewer's own flags and the partner's card. Another person's dialog never
 * appears, whatever id is asked for.
 */

export interface DialogRow {
  dialog_id: number;
  peer_id: number;
  first_name: string;
  last_name: string;
  avatar: string;
  locality: string;
  muted: boolean;
  starred: boolean;
  closed: boolean;
  deleted: boolean;
  last_message_at: Date | null;
  last_message: string | null;
  last_sender: number | null;
  unread: number;
  /** greatest(dialog rev, partner rev): the document's rev in the feed. */
  doc_rev: number;
}

function dialogSelect(viewer: number) {
  return sql`
    SELECT d.id AS dialog_id, p.id AS peer_id, p.first_name, p.last_name, p.avatar,
      coalesce(ci.name, '') AS locality,
      CASE WHEN d.user_a = ${viewer} THEN d.muted_by_a ELSE d.muted_by_b END AS muted,
      CASE WHEN d.user_a = ${viewer} THEN d.starred_by_a ELSE d.starred_by_b END AS starred,
      CASE WHEN d.user_a = ${viewer} THEN d.closed_by_a ELSE d.closed_by_b END AS closed,
      d.deleted, d.last_message_at,
      lm.text AS last_message, lm.sender_id AS last_sender,
      (SELECT count(*)::int FROM messages um WHERE um.dialog_id = d.id AND um.sender_id <> ${viewer}
        AND um.read_at IS NULL AND NOT um.deleted) AS unread,
      greatest(d.rev, p.rev) AS doc_rev
    FROM dialogs d
    JOIN users p ON p.id = CASE WHEN d.user_a = ${viewer} THEN d.user_b ELSE d.user_a END
    LEFT JOIN cities ci ON ci.id = p.city_id
    LEFT JOIN LATERAL (SELECT m.text, m.sender_id FROM messages m WHERE m.dialog_id = d.id AND NOT m.deleted
      ORDER BY m.id DESC LIMIT 1) lm ON true
    WHERE (d.user_a = ${viewer} OR d.user_b = ${viewer})`;
}

export interface DialogListOptions {
  offset: number;
  limit: number;
  onlyStarred?: boolean;
}

/** The viewer's open (not closed by them) dialogs, latest conversation first. */
export async function listDialogs(q: Q, viewer: number, o: DialogListOptions): Promise<{ rows: DialogRow[]; count: number }> {
  const starred = o.onlyStarred ? sql`AND x.starred` : sql``;
  const r = await sql<DialogRow>`
    SELECT * FROM (${dialogSelect(viewer)}) x WHERE NOT x.deleted AND NOT x.closed ${starred}
    ORDER BY x.last_message_at DESC NULLS LAST, x.dialog_id DESC
    LIMIT ${o.limit} OFFSET ${o.offset}`.execute(q);
  const n = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (${dialogSelect(viewer)}) x WHERE NOT x.deleted AND NOT x.closed ${starred}`.execute(q);
  return { rows: r.rows, count: n.rows[0]?.n ?? 0 };
}

export async function feedDialogs(q: Q, viewer: number, checkpoint: number, limit: number): Promise<DialogRow[]> {
  const r = await sql<DialogRow>`
    SELECT * FROM (${dialogSelect(viewer)}) x WHERE x.doc_rev > ${checkpoint}
    ORDER BY x.doc_rev, x.dialog_id LIMIT ${limit}`.execute(q);
  return r.rows;
}

/** The viewer's dialog by its id; undefined when there is none or it is somebody else's. */
export async function dialogById(q: Q, viewer: number, dialogId: number): Promise<DialogRow | undefined> {
  const r = await sql<DialogRow>`SELECT * FROM (${dialogSelect(viewer)}) x WHERE x.dialog_id = ${dialogId} AND NOT x.deleted`.execute(q);
  return r.rows[0];
}

export async function dialogWith(q: Q, viewer: number, peerId: number): Promise<DialogRow | undefined> {
  const r = await sql<DialogRow>`SELECT * FROM (${dialogSelect(viewer)}) x WHERE x.peer_id = ${peerId} AND NOT x.deleted`.execute(q);
  return r.rows[0];
}

export function toDialogDoc(r: DialogRow): DialogDoc & { deleted: boolean } {
  return {
    id: String(r.peer_id),
    dialog_id: r.dialog_id,
    user_id: r.peer_id,
    first_name: r.first_name,
    last_name: r.last_name,
    fullname: `${r.first_name} ${r.last_name}`.trim(),
    avatar: avatarUrl(r.peer_id, r.avatar),
    locality: r.locality,
    last_message: r.last_message ?? '',
    last_message_sender_id: r.last_sender ?? 0,
    last_message_at: toUnix(r.last_message_at),
    unread_count: r.unread,
    muted: r.muted,
    starred: r.starred,
    closed: r.closed,
    rev: r.doc_rev,
    deleted: r.deleted,
  };
}

/** The specs' Dialog entity (networking.md §3) plus the viewer's flags. */
export function toLegacyDialog(r: DialogRow) {
  return {
    group_id: r.dialog_id,
    dialog_id: r.dialog_id,
    to_id: r.peer_id,
    user_id: r.peer_id,
    fullname: `${r.first_name} ${r.last_name}`.trim(),
    first_name: r.first_name,
    last_name: r.last_name,
    message: r.last_message ?? '',
    count_new_message: r.unread,
    crdate: toUnix(r.last_message_at),
    avatar: avatarUrl(r.peer_id, r.avatar),
    locality: r.locality,
    muted: r.muted,
    starred: r.starred,
    closed: r.closed,
  };
}

export interface MessageRow {
  id: number;
  dialog_id: number;
  sender_id: number;
  peer_id: number;
  text: string;
  client_id: string | null;
  received_at: Date;
  read_at: Date | null;
  deleted: boolean;
  rev: number;
  sender_first_name: string;
  sender_last_name: string;
  sender_avatar: string;
}

function messageSelect(viewer: number) {
  return sql`
    SELECT m.id, m.dialog_id, m.sender_id, m.text, m.client_id, m.received_at, m.read_at, m.deleted, m.rev,
      CASE WHEN d.user_a = ${viewer} THEN d.user_b ELSE d.user_a END AS peer_id,
      s.first_name AS sender_first_name, s.last_name AS sender_last_name, s.avatar AS sender_avatar
    FROM messages m
    JOIN dialogs d ON d.id = m.dialog_id
    JOIN users s ON s.id = m.sender_id
    WHERE (d.user_a = ${viewer} OR d.user_b = ${viewer})`;
}

/** One page of a dialog, newest first, and how many messages it has. */
export async function listMessages(q: Q, viewer: number, dialogId: number, offset: number, limit: number): Promise<{ rows: MessageRow[]; count: number }> {
  const r = await sql<MessageRow>`${messageSelect(viewer)} AND m.dialog_id = ${dialogId} AND NOT m.deleted
    ORDER BY m.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(q);
  const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM messages WHERE dialog_id = ${dialogId} AND NOT deleted`.execute(q);
  return { rows: r.rows, count: n.rows[0]?.n ?? 0 };
}

export async function feedMessages(q: Q, viewer: number, checkpoint: number, limit: number): Promise<MessageRow[]> {
  const r = await sql<MessageRow>`${messageSelect(viewer)} AND m.rev > ${checkpoint} ORDER BY m.rev LIMIT ${limit}`.execute(q);
  return r.rows;
}

export async function findMessage(q: Q, viewer: number, id: number): Promise<MessageRow | undefined> {
  const r = await sql<MessageRow>`${messageSelect(viewer)} AND m.id = ${id}`.execute(q);
  return r.rows[0];
}

export function toMessageDoc(r: MessageRow, viewer: number): MessageDoc & { deleted: boolean } {
  return {
    id: String(r.id),
    message_id: r.id,
    dialog_id: r.dialog_id,
    peer_id: r.peer_id,
    sender_id: r.sender_id,
    text: r.deleted ? '' : r.text,
    created_at: toUnix(r.received_at),
    read: r.read_at !== null,
    client_id: r.sender_id === viewer ? (r.client_id ?? '') : '',
    rev: r.rev,
    deleted: r.deleted,
  };
}

export function toWsMessage(r: Pick<MessageRow, 'id' | 'dialog_id' | 'sender_id' | 'text' | 'received_at'>, recipientId: number): WsPersonalMessage {
  return {
    id: r.id,
    dialog_id: r.dialog_id,
    sender: { id: r.sender_id },
    recipient: { id: recipientId },
    text: r.text,
    created_at: toUnix(r.received_at),
  };
}

/** The specs' personal message (sender{id}, text, created_at) and message-list entry in one. */
export function toLegacyMessage(r: MessageRow, viewer: number) {
  const recipient = r.sender_id === viewer ? r.peer_id : viewer;
  return {
    ...toWsMessage(r, recipient),
    group_id: r.dialog_id,
    message: r.text,
    crdate: toUnix(r.received_at),
    notRead: r.read_at === null,
    avatar: avatarUrl(r.sender_id, r.sender_avatar),
    fullname: `${r.sender_first_name} ${r.sender_last_name}`.trim(),
  };
}

/** New personal messages after `afterId` (any dialog), for the realtime fan-out. */
export async function messagesCreatedAfter(
  q: Q,
  afterId: number,
  limit: number,
): Promise<
  (Pick<MessageRow, 'id' | 'dialog_id' | 'sender_id' | 'text' | 'received_at'> & { user_a: number; user_b: number; muted_by_a: boolean; muted_by_b: boolean })[]
> {
  const r = await sql<
    Pick<MessageRow, 'id' | 'dialog_id' | 'sender_id' | 'text' | 'received_at'> & { user_a: number; user_b: number; muted_by_a: boolean; muted_by_b: boolean }
  >`
    SELECT m.id, m.dialog_id, m.sender_id, m.text, m.received_at, d.user_a, d.user_b, d.muted_by_a, d.muted_by_b
    FROM messages m JOIN dialogs d ON d.id = m.dialog_id
    WHERE m.id > ${afterId} AND NOT m.deleted ORDER BY m.id LIMIT ${limit}`.execute(q);
  return r.rows;
}

// Writes and the rules' reads ---------------------------------------------------------------------

/**
 * May these two people write to each other? An approved appointment between them in any event, or
 * a dialog that already exists (it was opened under one).
 */
export async function mayMessage(q: Q, a: number, b: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT (EXISTS (SELECT 1 FROM appointments ap WHERE ap.response = 1 AND NOT ap.deleted
        AND ((ap.from_user_id = ${a} AND ap.to_user_id = ${b}) OR (ap.from_user_id = ${b} AND ap.to_user_id = ${a})))
      OR EXISTS (SELECT 1 FROM dialogs d WHERE d.user_a = ${Math.min(a, b)} AND d.user_b = ${Math.max(a, b)} AND NOT d.deleted)) AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

/** A dialog row is stored once per pair, the lower user id first. */
function pair(a: number, b: number): { user_a: number; user_b: number } {
  return a < b ? { user_a: a, user_b: b } : { user_a: b, user_b: a };
}

export async function countRecentMessages(trx: Tx, senderId: number, since: Date): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${senderId} AND received_at > ${since}`.execute(trx);
  return r.rows[0]?.n ?? 0;
}

/** The pair's dialog, created or reopened on both sides; answers its id. */
export async function openDialog(trx: Tx, a: number, b: number, at: Date): Promise<number> {
  const dialog = await trx
    .insertInto('dialogs')
    .values({ ...pair(a, b), last_message_at: at })
    .onConflict((oc) => oc.columns(['user_a', 'user_b']).doUpdateSet({ last_message_at: at, closed_by_a: false, closed_by_b: false, deleted: false }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return dialog.id;
}

export async function insertMessage(
  trx: Tx,
  values: { dialog_id: number; sender_id: number; text: string; client_id: string | null; created_at: Date; received_at: Date },
): Promise<number> {
  return (await trx.insertInto('messages').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The live dialog of the pair, if any. */
export async function findDialog(trx: Tx, a: number, b: number) {
  return trx
    .selectFrom('dialogs')
    .select(['id', 'user_a', 'user_b'])
    .where('user_a', '=', Math.min(a, b))
    .where('user_b', '=', Math.max(a, b))
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/** Marks what `senderId` sent in the dialog read; answers how many messages that was. */
export async function markRead(trx: Tx, dialogId: number, senderId: number, at: Date): Promise<number> {
  const res = await trx
    .updateTable('messages')
    .set({ read_at: at })
    .where('dialog_id', '=', dialogId)
    .where('sender_id', '=', senderId)
    .where('read_at', 'is', null)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Gives the dialog a new rev (the trigger does), so its unread count replicates. */
export async function touchDialog(trx: Tx, dialogId: number): Promise<void> {
  await trx.updateTable('dialogs').set({ deleted: false }).where('id', '=', dialogId).execute();
}

export type DialogFlags = Partial<Record<'muted_by_a' | 'muted_by_b' | 'starred_by_a' | 'starred_by_b' | 'closed_by_a' | 'closed_by_b', boolean>>;

export async function setDialogFlags(trx: Tx, dialogId: number, flags: DialogFlags): Promise<void> {
  await trx.updateTable('dialogs').set(flags).where('id', '=', dialogId).execute();
}

/** Messages sent to the user that they have not read, in dialogs that still exist. */
export async function countUnread(q: Q, userId: number): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM messages m JOIN dialogs d ON d.id = m.dialog_id
    WHERE (d.user_a = ${userId} OR d.user_b = ${userId}) AND NOT d.deleted
      AND m.sender_id <> ${userId} AND m.read_at IS NULL AND NOT m.deleted`.execute(q);
  return r.rows[0]?.n ?? 0;
}

import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { DomainError } from '../../../contract/errors.ts';
import type { DB } from '../../db/types.ts';
import type { Tx } from '../../db/tx.ts';

type Q = Kysely<DB> | Tx;

/** What one user may do in one event's chat (the CHAT RULES of contract/chat.ts). */
export interface ChatAccess {
  eventId: number;
  /** A valid ticket, a check-in to a free event, or staff. */
  participant: boolean;
  /** Owner or moderator of this event. */
  staff: boolean;
  blocked: boolean;
}

/**
 * The SQL condition "user may read event's chat". Kept in one place so the REST list, the feed,
 * the sockets and the picture downloads agree.
 */
export function mayReadSql(userId: RawBuilder<unknown>, eventId: RawBuilder<unknown>): RawBuilder<SqlBool> {
  // The inner aliases are names no caller passes in: an inner `events e` once captured the `e.id`
  // chatAccess passes, and a check-in to any free event opened every event's chat.
  return sql<SqlBool>`(
    EXISTS (SELECT 1 FROM tickets mr_t WHERE mr_t.event_id = ${eventId} AND mr_t.user_id = ${userId}
      AND mr_t.status = 'valid' AND NOT mr_t.invalid AND NOT mr_t.deleted)
    OR EXISTS (SELECT 1 FROM user_events mr_ue JOIN events mr_e ON mr_e.id = mr_ue.event_id
      WHERE mr_ue.event_id = ${eventId} AND mr_ue.user_id = ${userId} AND NOT mr_ue.deleted
        AND (mr_ue.is_owner OR mr_ue.is_moderator OR (mr_ue.checked_in AND mr_e.is_free))))`;
}

/**
 * Loads the event and the user's standing in its chat: event_not_found / event_removed when there
 * is no chat to speak of.
 */
export async function chatAccess(q: Q, userId: number, eventId: number): Promise<ChatAccess> {
  const r = await sql<{ deleted: boolean; participant: boolean; staff: boolean; blocked: boolean }>`
    SELECT e.deleted,
      ${mayReadSql(sql`${userId}::int`, sql`e.id`)} AS participant,
      EXISTS (SELECT 1 FROM user_events ue WHERE ue.event_id = e.id AND ue.user_id = ${userId}
        AND NOT ue.deleted AND (ue.is_owner OR ue.is_moderator)) AS staff,
      EXISTS (SELECT 1 FROM chat_blocks b WHERE b.event_id = e.id AND b.user_id = ${userId}
        AND b.active AND NOT b.deleted) AS blocked
    FROM events e WHERE e.id = ${eventId}`.execute(q);
  const row = r.rows[0];
  if (!row) throw new DomainError('event_not_found');
  if (row.deleted) throw new DomainError('event_removed');
  return { eventId, participant: row.participant, staff: row.staff, blocked: row.blocked };
}

/** Throws unless the user may read the chat. */
export async function requireReader(q: Q, userId: number, eventId: number): Promise<ChatAccess> {
  const access = await chatAccess(q, userId, eventId);
  if (!access.participant) throw new DomainError('ticket_required');
  return access;
}

/** Throws unless the user may post, like or dislike: a reader who is not blocked. */
export async function requireSpeaker(q: Q, userId: number, eventId: number): Promise<ChatAccess> {
  const access = await chatAccess(q, userId, eventId);
  if (access.blocked) throw new DomainError('chat_blocked', 'You are not allowed to send comments');
  if (!access.participant) throw new DomainError('ticket_required');
  return access;
}

export async function requireStaff(q: Q, userId: number, eventId: number): Promise<ChatAccess> {
  const access = await chatAccess(q, userId, eventId);
  if (!access.staff) throw new DomainError('moderator_required');
  return access;
}

/**
 * Of these (event, user) pairs, the ones where the user may still read the event's chat (open
 * sockets re-check this on every heartbeat, so a cancelled ticket or a removed event stops the
 * frames). One query for every chat open on the instance.
 */
export async function readersAmong(q: Q, pairs: { eventId: number; userId: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const r = await sql<{ event_id: number; user_id: number }>`
    SELECT p.e AS event_id, p.u AS user_id
    FROM unnest(${pairs.map((x) => x.eventId)}::int[], ${pairs.map((x) => x.userId)}::int[]) AS p(e, u)
    WHERE EXISTS (SELECT 1 FROM events ev WHERE ev.id = p.e AND NOT ev.deleted)
      AND ${mayReadSql(sql.ref('p.u'), sql.ref('p.e'))}`.execute(q);
  return new Set(r.rows.map((x) => `${x.event_id}:${x.user_id}`));
}

/** Owners and moderators of the event among these users. */
export async function staffAmong(q: Q, eventId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await q
    .selectFrom('user_events')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', 'in', userIds)
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('is_owner', '=', true), eb('is_moderator', '=', true)]))
    .execute();
  return new Set(rows.map((x) => x.user_id));
}

import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { avatarSql, participates, relatedEventIds } from '../../db/sql.ts';
import type { Q } from '../../db/tx.ts';
import type { AppointmentRow } from './repository.ts';

/**
 * Reads of appointments for one viewer. They always start from "the viewer is from or to", so
 * nobody else's appointment can leave the database through these queries.
 */

export interface ViewerAppointmentRow extends AppointmentRow {
  timezone: string;
  is_webinar: boolean;
  other_id: number;
  other_first_name: string;
  other_last_name: string;
  other_avatar: string;
  other_position: string;
  other_company: string;
  other_phone: string;
  other_role: string;
  doc_rev: number;
}

/**
 * The viewer's appointments with the other person's card. The phone is masked in SQL when its owner
 * hides it. The document rev is the greater of the appointment's and the other person's, so a change of
 * the card (name, picture, hidden phone) re-sends the appointment.
 */
function viewerAppointments(viewerId: number, where: RawBuilder<SqlBool>, tail: RawBuilder<unknown>): RawBuilder<ViewerAppointmentRow> {
  return sql<ViewerAppointmentRow>`
    SELECT a.id, a.event_id, a.from_user_id, a.to_user_id, a.date, a.starts_at, a.ends_at, a.any_time, a.comment, a.place,
      a.table_num, a.where_type, a.where_text, a.response, a.response_msg, a.canceled_by, a.request_date, a.deleted,
      e.timezone, e.is_webinar,
      o.id AS other_id, o.first_name AS other_first_name, o.last_name AS other_last_name,
      ${avatarSql('o')} AS other_avatar,
      o.position AS other_position, o.company AS other_company,
      CASE WHEN o.hide_phone THEN '' ELSE o.phone END AS other_phone,
      coalesce((SELECT CASE WHEN ue.is_owner AND ue.role = 'visitor' THEN 'organizer' ELSE ue.role END
                FROM user_events ue WHERE ue.event_id = a.event_id AND ue.user_id = o.id AND NOT ue.deleted), 'visitor') AS other_role,
      greatest(a.rev, o.rev) AS doc_rev
    FROM appointments a
    JOIN events e ON e.id = a.event_id
    JOIN users o ON o.id = CASE WHEN a.from_user_id = ${viewerId} THEN a.to_user_id ELSE a.from_user_id END
    WHERE (a.from_user_id = ${viewerId} OR a.to_user_id = ${viewerId}) AND ${where}
    ${tail}`;
}

export async function viewerAppointment(q: Q, viewerId: number, id: number): Promise<ViewerAppointmentRow | undefined> {
  const r = await viewerAppointments(viewerId, sql<SqlBool>`a.id = ${id}`, sql``).execute(q);
  return r.rows[0];
}

export async function viewerAppointmentsOfEvent(
  q: Q,
  viewerId: number,
  eventId: number,
  role: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: ViewerAppointmentRow[]; count: number }> {
  const roleCond =
    role === null
      ? sql<SqlBool>`TRUE`
      : sql<SqlBool>`coalesce((SELECT CASE WHEN ue.is_owner AND ue.role = 'visitor' THEN 'organizer' ELSE ue.role END
      FROM user_events ue WHERE ue.event_id = a.event_id AND ue.user_id = o.id AND NOT ue.deleted), 'visitor') = ${role}`;
  const where = sql<SqlBool>`a.event_id = ${eventId} AND NOT a.deleted AND ${roleCond}`;
  const rows = await viewerAppointments(viewerId, where, sql`ORDER BY a.date, a.starts_at NULLS LAST, a.id LIMIT ${limit} OFFSET ${offset}`).execute(q);
  const count = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM appointments a
    JOIN users o ON o.id = CASE WHEN a.from_user_id = ${viewerId} THEN a.to_user_id ELSE a.from_user_id END
    WHERE (a.from_user_id = ${viewerId} OR a.to_user_id = ${viewerId}) AND ${where}`.execute(q);
  return { rows: rows.rows, count: count.rows[0]?.n ?? 0 };
}

/**
 * A page of the appointments feed: rows whose document rev passed the checkpoint, tombstones
 * included. Several appointments with one person can share a document rev (theirs), and the checkpoint
 * is a single rev, so a page never ends inside such a group: it runs to the last row carrying the
 * rev of its limit-th row, which may make it a few rows longer than the limit.
 */
export async function viewerAppointmentsSince(q: Q, viewerId: number, checkpoint: number, limit: number): Promise<ViewerAppointmentRow[]> {
  const since = sql<SqlBool>`greatest(a.rev, o.rev) > ${checkpoint}`;
  const cut = await sql<{ doc_rev: number }>`
    SELECT greatest(a.rev, o.rev) AS doc_rev FROM appointments a
    JOIN users o ON o.id = CASE WHEN a.from_user_id = ${viewerId} THEN a.to_user_id ELSE a.from_user_id END
    WHERE (a.from_user_id = ${viewerId} OR a.to_user_id = ${viewerId}) AND ${since}
    ORDER BY doc_rev OFFSET ${limit - 1} LIMIT 1`.execute(q);
  const upTo = cut.rows[0]?.doc_rev;
  const where = upTo === undefined ? since : sql<SqlBool>`${since} AND greatest(a.rev, o.rev) <= ${upTo}`;
  const r = await viewerAppointments(viewerId, where, sql`ORDER BY greatest(a.rev, o.rev), a.id`).execute(q);
  return r.rows;
}

/**
 * The events of my-appointments: those the viewer takes part in or has an appointment at, each with the
 * number of the viewer's appointments there. Events still running or to come first (soonest first),
 * then finished ones (latest first), as the page splits them by when_end.
 */
export async function viewerAppointmentEvents(
  q: Q,
  viewerId: number,
  limit: number,
  offset: number,
): Promise<{ rows: { event_id: number; count: number }[]; total: number }> {
  const base = sql`
    SELECT e.id AS event_id, e.starts_at, e.ends_at,
      (SELECT count(*)::int FROM appointments a WHERE a.event_id = e.id AND NOT a.deleted
         AND (a.from_user_id = ${viewerId} OR a.to_user_id = ${viewerId})) AS count
    FROM events e
    WHERE NOT e.deleted AND e.id IN (
      SELECT a.event_id FROM appointments a WHERE NOT a.deleted AND (a.from_user_id = ${viewerId} OR a.to_user_id = ${viewerId})
      UNION
      SELECT c.event_id FROM (${relatedEventIds(viewerId)}) c
      WHERE ${participates(sql`${viewerId}::int`, sql.ref('c.event_id'))})`;
  const rows = await sql<{ event_id: number; count: number }>`
    SELECT b.event_id, b.count FROM (${base}) b
    ORDER BY (b.ends_at < now()), CASE WHEN b.ends_at >= now() THEN b.starts_at END ASC, b.starts_at DESC, b.event_id
    LIMIT ${limit} OFFSET ${offset}`.execute(q);
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${base}) b`.execute(q);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

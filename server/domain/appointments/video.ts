import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Tx } from '../../db/tx.ts';
import { DomainError } from '../../../contract/errors.ts';

/**
 * The video call of a meeting. The provider is configuration (VIDEO_BASE_URL, a Jitsi-compatible
 * service); the room is `foyer-<room>`, where room = HMAC-SHA256(key, "appointment:<id>") cut to
 * 160 bits, under a 244-bit key kept in the database (appointment_video_keys, 003_appointments.sql).
 * Derived rather than stored per meeting: the meeting rows stay as the seed writes them, every
 * instance agrees without shared configuration, and knowing meeting ids or other rooms says nothing
 * about a room.
 *
 * Devices do not get the room in their documents: the call frame opens `frameLink`, which checks
 * that the signed-in user is one of the two people (or somebody they invited) and that the meeting
 * is agreed, and only then redirects to the room, as the event stream's frame does.
 */

export function roomName(key: string, meetingId: number): string {
  return createHmac('sha256', key).update(`appointment:${meetingId}`).digest('hex').slice(0, 40);
}

export function roomUrl(baseUrl: string, room: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/foyer-${room}`;
}

/** Same-origin address of the call frame of a meeting. */
export function frameLink(meetingId: number): string {
  return `/api/manage-meeting/join-by-meeting?meeting_id=${meetingId}`;
}

type Q = Kysely<DB> | Tx;

async function videoKey(q: Q): Promise<string> {
  const r = await sql<{ secret: string }>`SELECT secret FROM appointment_video_keys WHERE id = 1`.execute(q);
  const key = r.rows[0]?.secret;
  if (!key) throw new Error('appointment_video_keys has no key; migration 003 inserts it');
  return key;
}

export interface CallAccess {
  meetingId: number;
  eventId: number;
  room: string;
  /** A participant rather than an invited guest. */
  participant: boolean;
}

/**
 * Who may open a meeting's call: its two people and the visitors they invited, once the meeting is
 * accepted. Anyone else is told 403 (or 404 for no such meeting), whatever the meeting's state.
 */
export async function callAccess(q: Q, userId: number, meetingId: number): Promise<CallAccess> {
  const r = await sql<{ id: number; event_id: number; from_user_id: number; to_user_id: number; response: number | null; deleted: boolean; invited: boolean }>`
    SELECT a.id, a.event_id, a.from_user_id, a.to_user_id, a.response, a.deleted,
      EXISTS (SELECT 1 FROM appointment_invites i WHERE i.appointment_id = a.id AND i.user_id = ${userId}) AS invited
    FROM appointments a WHERE a.id = ${meetingId}`.execute(q);
  const m = r.rows[0];
  if (!m || m.deleted) throw new DomainError('appointment_not_found');
  const participant = m.from_user_id === userId || m.to_user_id === userId;
  if (!participant && !m.invited) throw new DomainError('forbidden');
  if (m.response === 3) throw new DomainError('appointment_canceled_before');
  if (m.response !== 1) throw new DomainError('forbidden', 'not_approved');
  return { meetingId: m.id, eventId: m.event_id, room: roomName(await videoKey(q), m.id), participant };
}

import { createHmac } from 'node:crypto';
import { DomainError } from '../../../contract/errors.ts';
import type { Q } from '../../db/tx.ts';
import { callRow, videoKey } from './repository.ts';

/**
 * The video call of an appointment. The provider is configuration (VIDEO_BASE_URL, a
 * Jitsi-compatible service); the room is `foyer-<room>`, where room = HMAC-SHA256(key,
 * "appointment:<id>") cut to 160 bits, under a 244-bit key kept in the database
 * (appointment_video_keys, 003_appointments.sql). Derived rather than stored per appointment: the
 * rows stay as the seed writes them, every instance agrees without shared configuration, and
 * knowing appointment ids or other rooms says nothing about a room.
 *
 * Devices do not get the room in their documents: the call frame opens `frameLink`, which checks
 * that the signed-in user is one of the two people (or somebody they invited) and that the
 * appointment is agreed, and only then redirects to the room, as the event stream's frame does.
 */

export function roomName(key: string, appointmentId: number): string {
  return createHmac('sha256', key).update(`appointment:${appointmentId}`).digest('hex').slice(0, 40);
}

export function roomUrl(baseUrl: string, room: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/foyer-${room}`;
}

/** Same-origin address of the call frame of an appointment (the specs' name for it is kept in the URL). */
export function frameLink(appointmentId: number): string {
  return `/api/manage-meeting/join-by-meeting?meeting_id=${appointmentId}`;
}

export interface CallAccess {
  appointmentId: number;
  eventId: number;
  room: string;
  /** One of the two people rather than an invited guest. */
  participant: boolean;
}

/**
 * Who may open an appointment's call: its two people and the visitors they invited, once the
 * appointment is accepted. Anyone else is told 403 (or 404 for no such appointment), whatever its state.
 */
export async function callAccess(q: Q, userId: number, appointmentId: number): Promise<CallAccess> {
  const m = await callRow(q, userId, appointmentId);
  if (!m || m.deleted) throw new DomainError('appointment_not_found');
  const participant = m.from_user_id === userId || m.to_user_id === userId;
  if (!participant && !m.invited) throw new DomainError('forbidden');
  if (m.response === 3) throw new DomainError('appointment_canceled_before');
  if (m.response !== 1) throw new DomainError('forbidden', 'not_approved');
  return { appointmentId: m.id, eventId: m.event_id, room: roomName(await videoKey(q), m.id), participant };
}

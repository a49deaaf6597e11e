import { sql } from 'kysely';
import type { Q } from '../../db/tx.ts';

/** SQL of the notice emails: who an appointment concerns, and whether a message starts a new unread run. */

export async function appointmentForMail(q: Q, appointmentId: number) {
  return q
    .selectFrom('appointments as a')
    .innerJoin('events as e', 'e.id', 'a.event_id')
    .select([
      'a.id',
      'a.event_id',
      'a.from_user_id',
      'a.to_user_id',
      'a.date',
      'a.starts_at',
      'a.any_time',
      'a.where_text',
      'a.response',
      'a.response_msg',
      'a.canceled_by',
      'e.name as event_name',
      'e.timezone',
    ])
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
}

/** A person as a notice email needs them: address, language, email preferences, whether they can be written to. */
export async function mailPerson(q: Q, userId: number) {
  return q
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'locale', 'notify_email', 'deleted', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Whether this message is the first one from its sender that the recipient has not read yet: a
 * conversation mails once when it starts waiting for the recipient, not once per line typed.
 */
export async function firstUnreadFrom(q: Q, messageId: number, senderId: number): Promise<boolean> {
  const r = await sql<{ earlier: number }>`
    SELECT count(*)::int AS earlier FROM messages m
    JOIN messages this ON this.id = ${messageId}
    WHERE m.dialog_id = this.dialog_id AND m.sender_id = ${senderId} AND m.id <> this.id
      AND m.read_at IS NULL AND NOT m.deleted AND m.created_at <= this.created_at`.execute(q);
  return (r.rows[0]?.earlier ?? 0) === 0;
}

import type { Q } from '../../db/tx.ts';

/**
 * The `relations` feed's rows: a user's likes and stars of other people and, on the same row, the
 * contact met by QR (066_contacts.sql, server/domain/contacts/), with the name of the event they
 * met at. The event's name is read at pull time: a renamed event shows its new name on the next
 * change of the row, which is enough for a label.
 */
export async function relationsSince(q: Q, userId: number, checkpoint: number, limit: number) {
  return q
    .selectFrom('user_relations as r')
    .leftJoin('events as e', 'e.id', 'r.contact_event_id')
    .select([
      'r.target_user_id',
      'r.like_status',
      'r.favorite',
      'r.rev',
      'r.deleted',
      'r.contact_at',
      'r.contact_event_id',
      'r.contact_card',
      'r.contact_note',
      'e.name as event_name',
    ])
    .where('r.user_id', '=', userId)
    .where('r.rev', '>', checkpoint)
    .orderBy('r.rev')
    .limit(limit)
    .execute();
}

export type RelationRow = Awaited<ReturnType<typeof relationsSince>>[number];

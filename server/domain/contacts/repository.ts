import { sql } from 'kysely';
import type { CardSource, ContactCard } from '../../../contract/contacts.ts';
import { participates } from '../../db/sql.ts';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of meet by QR (066_contacts.sql): the cards people share and the contact columns of user_relations. */

/** The profile a card is made of, for an account that can still be met (not removed, not disabled). */
export async function cardSourceOf(q: Q, userId: number): Promise<CardSource | undefined> {
  return q
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'company', 'position', 'email', 'phone', 'show_email', 'hide_phone'])
    .where('id', '=', userId)
    .where('deleted', '=', false)
    .where('disabled', '=', false)
    .executeTakeFirst();
}

export async function takesPart(q: Q, userId: number, eventId: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`SELECT ${participates(sql`${userId}::int`, sql`${eventId}::int`)} AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

export interface ContactState {
  contact_at: Date | null;
  contact_removed_at: Date | null;
}

/** The owner's row for the other person, locked: two scans of one pair in flight decide one after the other. */
export async function contactState(trx: Tx, ownerId: number, otherId: number): Promise<ContactState | undefined> {
  return trx
    .selectFrom('user_relations')
    .select(['contact_at', 'contact_removed_at'])
    .where('user_id', '=', ownerId)
    .where('target_user_id', '=', otherId)
    .where('deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
}

/** Makes the other person the owner's contact, met at `at` at the event, with what they share. */
export async function storeContact(trx: Tx, ownerId: number, otherId: number, at: Date, eventId: number, card: ContactCard): Promise<void> {
  const { user_id: _id, ...shared } = card;
  const values = { contact_at: at, contact_event_id: eventId, contact_card: JSON.stringify(shared), contact_note: '' };
  await trx
    .insertInto('user_relations')
    .values({ user_id: ownerId, target_user_id: otherId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'target_user_id']).doUpdateSet(values))
    .execute();
}

export async function dropContact(trx: Tx, ownerId: number, otherId: number, at: Date): Promise<boolean> {
  const r = await trx
    .updateTable('user_relations')
    .set({ contact_at: null, contact_event_id: null, contact_card: null, contact_note: '', contact_removed_at: at })
    .where('user_id', '=', ownerId)
    .where('target_user_id', '=', otherId)
    .where('contact_at', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The note, when the other person is a contact and the note is new; false when there is no such contact. */
export async function writeNote(trx: Tx, ownerId: number, otherId: number, note: string): Promise<'written' | 'same' | 'none'> {
  const row = await trx
    .selectFrom('user_relations')
    .select('contact_note')
    .where('user_id', '=', ownerId)
    .where('target_user_id', '=', otherId)
    .where('contact_at', 'is not', null)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) return 'none';
  if (row.contact_note === note) return 'same';
  await trx.updateTable('user_relations').set({ contact_note: note }).where('user_id', '=', ownerId).where('target_user_id', '=', otherId).execute();
  return 'written';
}

import { sql } from 'kysely';
import type { ClientRef } from '../../../contract/admin-refs.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { onlyRow } from '../../db/rows.ts';

/** SQL of the stands organisers and stand managers edit (admin.ts has the rules). */

export interface StandRow {
  id: number;
  name: string;
  image: string;
  image_thumb: string;
}

/** A live stand of the event, by its id or by the command that made it. */
export async function findStandRow(q: Q, eventId: number, ref: ClientRef): Promise<StandRow | undefined> {
  let query = q.selectFrom('companies').select(['id', 'name', 'image', 'image_thumb']).where('event_id', '=', eventId).where('deleted', '=', false);
  query = 'id' in ref ? query.where('id', '=', ref.id) : query.where('client_id', '=', ref.client_id);
  return query.executeTakeFirst();
}

export async function managesStand(q: Q, standId: number, userId: number): Promise<boolean> {
  const r = await q.selectFrom('stand_members').select('is_manager').where('company_id', '=', standId).where('user_id', '=', userId).executeTakeFirst();
  return r?.is_manager === true;
}

export interface StandValues {
  name: string;
  location: string;
  link: string;
  description: string;
  phone: string;
  email: string;
  image: string;
  image_thumb: string;
}

export async function insertStand(trx: Tx, eventId: number, v: StandValues, clientId: string | null): Promise<number> {
  const r = await sql<{ id: number }>`
    INSERT INTO companies (event_id, name, location, link, description, phone, email, image, image_thumb, sort, client_id)
    SELECT ${eventId}, ${v.name}, ${v.location}, ${v.link}, ${v.description}, ${v.phone}, ${v.email}, ${v.image}, ${v.image_thumb},
      coalesce((SELECT max(sort) FROM companies WHERE event_id = ${eventId}), 0) + 1, ${clientId}
    RETURNING id`.execute(trx);
  return onlyRow(r, 'stand insert').id;
}

export async function updateStand(trx: Tx, standId: number, v: StandValues): Promise<void> {
  await trx.updateTable('companies').set(v).where('id', '=', standId).execute();
}

export async function markStandDeleted(trx: Tx, standId: number): Promise<void> {
  await trx.updateTable('companies').set({ deleted: true }).where('id', '=', standId).execute();
}

/** Adds the person, or changes their position and flag; a new member comes last. */
export async function upsertMember(trx: Tx, standId: number, userId: number, position: string, isManager: boolean): Promise<void> {
  await sql`
    INSERT INTO stand_members (company_id, user_id, position, is_manager, sort)
    VALUES (${standId}, ${userId}, ${position}, ${isManager},
      coalesce((SELECT max(sort) FROM stand_members WHERE company_id = ${standId}), 0) + 1)
    ON CONFLICT (company_id, user_id) DO UPDATE SET position = EXCLUDED.position, is_manager = EXCLUDED.is_manager`.execute(trx);
}

export async function deleteMember(trx: Tx, standId: number, userId: number): Promise<void> {
  await trx.deleteFrom('stand_members').where('company_id', '=', standId).where('user_id', '=', userId).execute();
}

import { sql } from 'kysely';
import type { ContactCard } from '../../../contract/contacts.ts';
import type { LeadCount, LeadStand } from '../../../contract/leads.ts';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of the stands' leads (068_stand_leads.sql). */

/** The stand of a lead command, and whether the actor is among its members; undefined for no stand (or a removed one). */
export async function standForMember(q: Q, standId: number, userId: number): Promise<{ event_id: number; member: boolean } | undefined> {
  const r = await q
    .selectFrom('companies as c')
    .leftJoin('stand_members as m', (j) => j.onRef('m.company_id', '=', 'c.id').on('m.user_id', '=', userId))
    .select(['c.event_id', 'm.user_id'])
    .where('c.id', '=', standId)
    .where('c.deleted', '=', false)
    .executeTakeFirst();
  return r && r.event_id !== null ? { event_id: r.event_id, member: r.user_id !== null } : undefined;
}

export interface LeadState {
  card: unknown;
  removed_at: Date | null;
}

/** The stand's row for the person, locked: two members' scans of one visitor in flight decide one after the other. */
export async function leadState(trx: Tx, standId: number, userId: number): Promise<LeadState | undefined> {
  return trx
    .selectFrom('stand_leads')
    .select(['card', 'removed_at'])
    .where('company_id', '=', standId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function storeLead(trx: Tx, standId: number, card: ContactCard, at: Date, scannedBy: number): Promise<void> {
  const { user_id, ...shared } = card;
  const values = { card: JSON.stringify(shared), scanned_at: at, scanned_by: scannedBy, note: '', rating: 0, withdrawn: false };
  await trx
    .insertInto('stand_leads')
    .values({ company_id: standId, user_id, ...values })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet(values))
    .execute();
}

/** Empties the stand's lead (its member removed it, or the person withdrew); false when it was not a lead. */
export async function dropLead(trx: Tx, standId: number, userId: number, at: Date, withdrawn: boolean): Promise<boolean> {
  const r = await trx
    .updateTable('stand_leads')
    .set({ card: null, scanned_at: null, scanned_by: null, note: '', rating: 0, removed_at: at, withdrawn })
    .where('company_id', '=', standId)
    .where('user_id', '=', userId)
    .where('card', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Writes the fields given when the person is the stand's lead and they change something. */
export async function updateLead(trx: Tx, standId: number, userId: number, fields: { note?: string; rating?: number }): Promise<'written' | 'same' | 'none'> {
  const row = await trx
    .selectFrom('stand_leads')
    .select(['note', 'rating'])
    .where('company_id', '=', standId)
    .where('user_id', '=', userId)
    .where('card', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return 'none';
  const next = { note: fields.note ?? row.note, rating: fields.rating ?? row.rating };
  if (next.note === row.note && next.rating === row.rating) return 'same';
  await trx.updateTable('stand_leads').set(next).where('company_id', '=', standId).where('user_id', '=', userId).execute();
  return 'written';
}

/** The stands of live events that hold the person's details, newest scan first. */
export async function standsHolding(q: Q, userId: number): Promise<LeadStand[]> {
  const rows = await q
    .selectFrom('stand_leads as l')
    .innerJoin('companies as c', 'c.id', 'l.company_id')
    .innerJoin('events as e', 'e.id', 'c.event_id')
    .select(['l.company_id', 'c.event_id', 'c.name as stand_name', 'e.name as event_name', 'l.scanned_at'])
    .where('l.user_id', '=', userId)
    .where('l.card', 'is not', null)
    .where('c.deleted', '=', false)
    .where('e.deleted', '=', false)
    .orderBy('l.scanned_at', 'desc')
    .orderBy('l.company_id')
    .execute();
  return rows.map((r) => ({ ...r, event_id: r.event_id ?? 0, scanned_at: (r.scanned_at ?? new Date(0)).toISOString() }));
}

/** Every stand of the event with how many leads it holds, in the stands' display order. */
export async function leadCounts(q: Q, eventId: number): Promise<LeadCount[]> {
  const r = await sql<LeadCount>`
    SELECT c.id AS company_id, c.name, count(l.user_id)::int AS leads
    FROM companies c LEFT JOIN stand_leads l ON l.company_id = c.id AND l.card IS NOT NULL
    WHERE c.event_id = ${eventId} AND NOT c.deleted
    GROUP BY c.id ORDER BY c.sort, c.name, c.id`.execute(q);
  return r.rows;
}

import { sql } from 'kysely';
import type { CheckinList, ListScan } from '../../../contract/checkin-lists.ts';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of check-in lists (070_checkin_lists.sql): the lists, their scans and their counts. */

interface ListRow {
  id: number;
  name: string;
  type_ids: number[];
  day: string;
  reentry: boolean;
  deleted: boolean;
}

const listColumns = sql`l.id, l.name, l.type_ids, coalesce(to_char(l.day, 'YYYY-MM-DD'), '') AS day, l.reentry, l.deleted`;

const toList = (r: ListRow): CheckinList => ({ id: r.id, name: r.name, type_ids: r.type_ids.map(Number), day: r.day, reentry: r.reentry });

/** The event's lists, not deleted, in the order they were made. */
export async function eventLists(db: Q, eventId: number): Promise<CheckinList[]> {
  const r = await sql<ListRow>`SELECT ${listColumns} FROM checkin_lists l WHERE l.event_id = ${eventId} AND NOT l.deleted ORDER BY l.id`.execute(db);
  return r.rows.map(toList);
}

/** One list of the event, deleted ones too (a door may still upload scans made on it). */
export async function eventList(db: Q, eventId: number, listId: number): Promise<(CheckinList & { deleted: boolean }) | undefined> {
  const r = await sql<ListRow>`SELECT ${listColumns} FROM checkin_lists l WHERE l.event_id = ${eventId} AND l.id = ${listId}`.execute(db);
  const row = r.rows[0];
  return row ? { ...toList(row), deleted: row.deleted } : undefined;
}

export async function countLists(db: Q, eventId: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM checkin_lists WHERE event_id = ${eventId} AND NOT deleted`.execute(db);
  return r.rows[0]?.n ?? 0;
}

type ListValues = Omit<CheckinList, 'id'>;

export async function insertList(trx: Tx, eventId: number, v: ListValues): Promise<number> {
  const r = await sql<{ id: number }>`INSERT INTO checkin_lists (event_id, name, type_ids, day, reentry)
    VALUES (${eventId}, ${v.name}, ${v.type_ids}::int[], ${v.day || null}::date, ${v.reentry}) RETURNING id`.execute(trx);
  const id = r.rows[0]?.id;
  if (id === undefined) throw new Error('insertList: no id came back');
  return id;
}

/** Changes a list that is not deleted; false when there is none. */
export async function updateList(trx: Tx, eventId: number, listId: number, v: ListValues): Promise<boolean> {
  const r = await sql`UPDATE checkin_lists SET name = ${v.name}, type_ids = ${v.type_ids}::int[], day = ${v.day || null}::date, reentry = ${v.reentry}
    WHERE event_id = ${eventId} AND id = ${listId} AND NOT deleted`.execute(trx);
  return Number(r.numAffectedRows ?? 0) > 0;
}

export async function markListDeleted(trx: Tx, eventId: number, listId: number): Promise<boolean> {
  const r = await sql`UPDATE checkin_lists SET deleted = true WHERE event_id = ${eventId} AND id = ${listId} AND NOT deleted`.execute(trx);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** The event's ticket types (id, name) that lists may name, removed ones left out. */
export async function listableTypes(db: Q, eventId: number): Promise<{ id: number; name: string }[]> {
  const r = await sql<{ id: number; name: string }>`SELECT id, name FROM ticket_types WHERE event_id = ${eventId} AND NOT deleted ORDER BY sort, id`.execute(
    db,
  );
  return r.rows;
}

/** A ticket's entries and exits on every list, for the duplicates of each. */
export async function ticketListScans(db: Q, ticketId: number): Promise<(ListScan & { list_id: number; duplicate_of: string | null })[]> {
  const r = await sql<ListScan & { list_id: number; duplicate_of: string | null }>`
    SELECT id, floor(extract(epoch from scanned_at) * 1000)::bigint AS scanned_at_ms, result, list_id, duplicate_of
    FROM checkins WHERE ticket_id = ${ticketId} AND NOT deleted AND result IN ('admitted', 'checked_out')`.execute(db);
  return r.rows.map((s) => ({ ...s, scanned_at_ms: Number(s.scanned_at_ms) }));
}

export async function setDuplicateOf(trx: Tx, scanId: string, duplicateOf: string | null): Promise<void> {
  await sql`UPDATE checkins SET duplicate_of = ${duplicateOf} WHERE id = ${scanId}`.execute(trx);
}

/** Whether each list allows re-entry, deleted lists too; the implicit list (0) does not. */
export async function reentryOf(db: Q, listIds: readonly number[]): Promise<Map<number, boolean>> {
  const ids = listIds.filter((id) => id > 0);
  if (!ids.length) return new Map();
  const r = await sql<{ id: number; reentry: boolean }>`SELECT id, reentry FROM checkin_lists WHERE id = ANY(${ids}::int[])`.execute(db);
  return new Map(r.rows.map((x) => [x.id, x.reentry]));
}

/**
 * Per list: the tickets in now (their latest entry or exit on the list is an entry, or any entry
 * where the list has no re-entry) and the valid tickets it admits (by type; a day does not change who
 * holds a ticket for it).
 */
export async function listCounts(db: Q, eventId: number): Promise<Map<number, { inside: number; allowed: number }>> {
  const r = await sql<{ id: number; inside: number; allowed: number }>`
    SELECT l.id,
      (SELECT count(*) FROM (
        SELECT DISTINCT ON (c.ticket_id) c.ticket_id, c.result FROM checkins c
        WHERE c.list_id = l.id AND c.event_id = l.event_id AND c.ticket_id IS NOT NULL AND NOT c.deleted
          AND c.result IN ('admitted', 'checked_out') AND (l.reentry OR c.result = 'admitted')
        ORDER BY c.ticket_id, c.scanned_at DESC, c.id COLLATE "C" DESC) last
       WHERE last.result = 'admitted')::int AS inside,
      (SELECT count(*) FROM tickets t WHERE t.event_id = l.event_id AND NOT t.deleted AND t.status = 'valid' AND NOT t.invalid
        AND (cardinality(l.type_ids) = 0 OR t.ticket_type_id = ANY(l.type_ids)))::int AS allowed
    FROM checkin_lists l WHERE l.event_id = ${eventId} AND NOT l.deleted`.execute(db);
  return new Map(r.rows.map((x) => [x.id, { inside: Number(x.inside), allowed: Number(x.allowed) }]));
}

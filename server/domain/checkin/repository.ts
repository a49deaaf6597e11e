import { sql, type Insertable } from 'kysely';
import type { TicketConflict } from '../../../contract/checkin.ts';
import type { DoorScan, DoorTicketDoc, ScanResult } from '../../../contract/tickets.ts';
import type { Q, Tx } from '../../db/tx.ts';
import type { CheckinsTable } from '../../db/types-tickets.ts';
import { withTies } from '../feed/feed.ts';
import { onlyRow } from '../../db/rows.ts';

/** SQL of door check-in: who may work the door, the door feed, scans and their duplicates. */

export type DoorRole = 'owner' | 'staff';

export async function doorRole(db: Q, eventId: number, userId: number): Promise<DoorRole | null> {
  const r = await sql<{ owner: boolean; staff: boolean }>`
    SELECT
      EXISTS (SELECT 1 FROM user_events WHERE event_id = ${eventId} AND user_id = ${userId} AND is_owner AND NOT deleted) AS owner,
      EXISTS (SELECT 1 FROM door_staff WHERE event_id = ${eventId} AND user_id = ${userId}) AS staff`.execute(db);
  const row = onlyRow(r, 'door role');
  return row.owner ? 'owner' : row.staff ? 'staff' : null;
}

/** Everybody whose door devices hold the event, for the live hints. */
export async function doorUserIds(db: Q, eventId: number): Promise<number[]> {
  const r = await sql<{ user_id: number }>`
    SELECT user_id FROM user_events WHERE event_id = ${eventId} AND is_owner AND NOT deleted
    UNION SELECT user_id FROM door_staff WHERE event_id = ${eventId}`.execute(db);
  return r.rows.map((x) => x.user_id);
}

/** Events the user may check tickets for, soonest first. */
export async function doorEvents(db: Q, userId: number) {
  const r = await sql<{ event_id: number; name: string; starts_at: Date; ends_at: Date; timezone: string; role: DoorRole }>`
    SELECT e.id AS event_id, e.name, e.starts_at, e.ends_at, e.timezone,
      CASE WHEN ue.is_owner THEN 'owner' ELSE 'staff' END AS role
    FROM events e
    LEFT JOIN user_events ue ON ue.event_id = e.id AND ue.user_id = ${userId} AND ue.is_owner AND NOT ue.deleted
    LEFT JOIN door_staff ds ON ds.event_id = e.id AND ds.user_id = ${userId}
    WHERE NOT e.deleted AND (ue.user_id IS NOT NULL OR ds.user_id IS NOT NULL)
    ORDER BY e.ends_at < now(), e.starts_at, e.id`.execute(db);
  return r.rows;
}

const epochMs = (col: string) => sql.raw(`floor(extract(epoch from ${col}) * 1000)::bigint`);

interface DoorRow {
  id: number;
  event_id: number;
  code: string;
  type: string;
  type_id: number | null;
  status: string;
  invalid: boolean;
  deleted: boolean;
  transferred: boolean;
  holder_name: string;
  rev: number;
  scans: DoorScan[] | string | null;
}

function doorSelect(eventId: number) {
  return sql<DoorRow>`
    SELECT t.id, t.event_id, t.code, t.type, t.ticket_type_id AS type_id, t.status, t.invalid, t.deleted, t.transferred_at IS NOT NULL AS transferred,
      CASE WHEN t.name <> '' THEN t.name ELSE trim(u.first_name || ' ' || u.last_name) END AS holder_name,
      greatest(t.rev, u.rev, coalesce(s.rev, 0)) AS rev, s.scans
    FROM tickets t
    JOIN users u ON u.id = t.user_id
    LEFT JOIN LATERAL (
      SELECT max(c.rev) AS rev, json_agg(json_build_object(
        'id', c.id, 'device_id', c.device_id, 'scanned_at_ms', ${epochMs('c.scanned_at')},
        'received_at_ms', ${epochMs('c.received_at')}, 'result', c.result, 'duplicate_of', coalesce(c.duplicate_of, ''), 'list_id', c.list_id)
        ORDER BY c.scanned_at, c.id COLLATE "C") AS scans
      FROM checkins c WHERE c.ticket_id = t.id AND NOT c.deleted
    ) s ON true
    WHERE t.event_id = ${eventId}`;
}

function toDoorDoc(r: DoorRow): DoorTicketDoc & { deleted: boolean } {
  const scans = r.scans ? (typeof r.scans === 'string' ? (JSON.parse(r.scans) as DoorScan[]) : r.scans) : [];
  return {
    id: String(r.id),
    ticket_id: r.id,
    event_id: r.event_id,
    code: r.code,
    holder_name: r.holder_name,
    type: r.type,
    type_id: r.type_id ?? 0,
    // A removed ticket stays on door devices as cancelled (contract/tickets.ts says why).
    status: r.deleted || r.status !== 'valid' ? 'cancelled' : 'valid',
    invalid: r.invalid,
    revoked: r.transferred && !r.deleted ? 'transferred' : '',
    scans: scans.map((s) => ({ ...s, scanned_at_ms: Number(s.scanned_at_ms), received_at_ms: Number(s.received_at_ms), list_id: Number(s.list_id ?? 0) })),
    rev: r.rev,
    deleted: false,
  };
}

export async function doorTicketsSince(db: Q, eventId: number, checkpoint: number, limit: number) {
  const base = doorSelect(eventId);
  const page = await sql<DoorRow>`SELECT * FROM (${base}) d WHERE d.rev > ${checkpoint} ORDER BY d.rev, d.id LIMIT ${limit}`.execute(db);
  const rows = await withTies(
    page.rows,
    limit,
    async (rev, afterId) => (await sql<DoorRow>`SELECT * FROM (${base}) d WHERE d.rev = ${rev} AND d.id > ${afterId} ORDER BY d.id`.execute(db)).rows,
  );
  return rows.map(toDoorDoc);
}

/** One ticket as the door sees it, for the server's own judgement of a scan. */
export async function doorTicket(db: Q, where: { ticketId: number } | { code: string }): Promise<(DoorTicketDoc & { deleted: boolean }) | undefined> {
  const cond = 'ticketId' in where ? sql`t.id = ${where.ticketId}` : sql`t.code = ${where.code}`;
  const r = await sql<{ id: number; event_id: number }>`SELECT t.id, t.event_id FROM tickets t WHERE ${cond}`.execute(db);
  const hit = r.rows[0];
  if (!hit) return undefined;
  const d = await sql<DoorRow>`SELECT * FROM (${doorSelect(hit.event_id)}) d WHERE d.id = ${hit.id}`.execute(db);
  return d.rows[0] ? toDoorDoc(d.rows[0]) : undefined;
}

/**
 * One ticket of the event as its door feed carries it, by id or by code; undefined when the event
 * has no such ticket (another event's codes included). For a door that asks before its own copy
 * of the tickets has arrived.
 */
export async function doorTicketInEvent(db: Q, eventId: number, where: { ticketId: number } | { code: string }): Promise<DoorTicketDoc | undefined> {
  const cond = 'ticketId' in where ? sql`d.id = ${where.ticketId}` : sql`d.code = ${where.code}`;
  const r = await sql<DoorRow>`SELECT * FROM (${doorSelect(eventId)}) d WHERE ${cond} ORDER BY d.id LIMIT 1`.execute(db);
  if (!r.rows[0]) return undefined;
  const { deleted: _deleted, ...doc } = toDoorDoc(r.rows[0]);
  return doc;
}

/** A scan as it is recorded: the door's verdict and the server's own. */
export type ScanInsert = Pick<Insertable<CheckinsTable>, 'id' | 'ticket_id' | 'event_id' | 'code' | 'device_id' | 'scanned_by' | 'scanned_at' | 'list_id'> & {
  result: ScanResult;
  server_result: ScanResult;
};

export async function insertScan(db: Q, scan: ScanInsert): Promise<void> {
  await db.insertInto('checkins').values(scan).execute();
}

export async function sameDeviceAdmittedBefore(db: Q, ticketId: number, deviceId: string, before: Date): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM checkins
    WHERE ticket_id = ${ticketId} AND device_id = ${deviceId} AND result = 'admitted' AND scanned_at < ${before} AND NOT deleted`.execute(db);
  return (r.rows[0]?.n ?? 0) > 0;
}

export async function scanOwner(db: Q, scanId: string): Promise<number | undefined> {
  const r = await db.selectFrom('checkins').select('scanned_by').where('id', '=', scanId).executeTakeFirst();
  return r?.scanned_by;
}

const scanColumns = sql`c.id, c.ticket_id, c.code, c.device_id, c.scanned_by, c.result, c.server_result,
  ${epochMs('c.scanned_at')} AS scanned_at_ms, ${epochMs('c.received_at')} AS received_at_ms, coalesce(c.duplicate_of, '') AS duplicate_of`;

export interface ScanRow {
  id: string;
  ticket_id: number | null;
  code: string;
  device_id: string;
  scanned_by: number;
  result: ScanResult;
  server_result: string;
  scanned_at_ms: number;
  received_at_ms: number;
  duplicate_of: string;
}

const numbers = (r: ScanRow): ScanRow => ({ ...r, scanned_at_ms: Number(r.scanned_at_ms), received_at_ms: Number(r.received_at_ms) });

/**
 * The event's scans, newest first. `unmatched` keeps the scans that match no ticket of the event
 * (unknown, forged, another event's codes): door devices hold every other scan in their door
 * tickets, so that is all they need to ask for.
 */
export async function listScans(db: Q, eventId: number, limit: number, offset: number, unmatched = false) {
  const only = unmatched ? sql`AND c.ticket_id IS NULL` : sql``;
  const rows = await sql<ScanRow>`SELECT ${scanColumns} FROM checkins c WHERE c.event_id = ${eventId} AND NOT c.deleted ${only}
    ORDER BY c.scanned_at DESC, c.id COLLATE "C" DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM checkins c WHERE c.event_id = ${eventId} AND NOT c.deleted ${only}`.execute(db);
  return { items: rows.rows.map(numbers), count: count.rows[0]?.n ?? 0 };
}

/**
 * The organiser's conflicts list (ticket, devices, times): tickets admitted more than once, and
 * transferred tickets that a door admitted anyway (it had not pulled the transfer yet).
 */
export async function conflicts(db: Q, eventId: number) {
  const rows = await sql<ScanRow & { holder_name: string; ticket_code: string; type: string; transferred: boolean }>`
    SELECT ${scanColumns}, t.code AS ticket_code, t.type, t.transferred_at IS NOT NULL AS transferred,
      CASE WHEN t.name <> '' THEN t.name ELSE trim(u.first_name || ' ' || u.last_name) END AS holder_name
    FROM checkins c JOIN tickets t ON t.id = c.ticket_id JOIN users u ON u.id = t.user_id
    WHERE c.event_id = ${eventId} AND c.result = 'admitted' AND NOT c.deleted
      AND (t.transferred_at IS NOT NULL
        OR c.ticket_id IN (SELECT ticket_id FROM checkins WHERE event_id = ${eventId} AND duplicate_of IS NOT NULL AND NOT deleted))
    ORDER BY c.ticket_id, c.scanned_at, c.id COLLATE "C"`.execute(db);
  type Conflict = TicketConflict<ScanRow>;
  const byTicket = new Map<number, Conflict>();
  for (const raw of rows.rows) {
    const r = numbers(raw);
    const id = r.ticket_id;
    if (id === null) throw new Error('conflicts: a scan joined to its ticket came back without ticket_id');
    let item = byTicket.get(id);
    if (!item) {
      const reason = raw.transferred ? 'transferred' : 'duplicate';
      item = { reason, ticket_id: id, code: raw.ticket_code, holder_name: raw.holder_name, type: raw.type, devices: [], scans: [] };
      byTicket.set(id, item);
    }
    if (!item.devices.includes(r.device_id)) item.devices.push(r.device_id);
    const { ticket_id: _t, code: _c, ...scan } = r;
    item.scans.push({ ...scan, ticket_id: id, code: r.code });
  }
  // Most recent conflict first: that is the one the organiser is likely still standing next to.
  // Each entry starts with a scan and takes the rest in time order, so its last scan is its latest.
  const latest = (item: { scans: ScanRow[] }) => item.scans.at(-1)?.scanned_at_ms ?? 0;
  return [...byTicket.values()].sort((a, b) => latest(b) - latest(a));
}

/**
 * The head count and scan counts; `listed` is how many documents the event's door feed holds (every
 * ticket, cancelled and removed ones too), so a door can show its download as "n of N".
 */
export async function doorStats(db: Q, eventId: number) {
  const r = await sql<{ admitted: number; scans: number; refused: number; duplicates: number; doubtful: number; tickets: number; listed: number }>`
    SELECT
      (count(DISTINCT c.ticket_id) FILTER (WHERE c.result = 'admitted' AND c.ticket_id IS NOT NULL)
        + count(*) FILTER (WHERE c.result = 'admitted' AND c.ticket_id IS NULL))::int AS admitted,
      count(c.id)::int AS scans,
      count(*) FILTER (WHERE c.id IS NOT NULL AND c.result <> 'admitted')::int AS refused,
      count(*) FILTER (WHERE c.duplicate_of IS NOT NULL)::int AS duplicates,
      count(*) FILTER (WHERE c.result = 'admitted' AND c.server_result <> 'admitted')::int AS doubtful,
      (SELECT count(*) FROM tickets t WHERE t.event_id = ${eventId} AND NOT t.deleted AND t.status = 'valid' AND NOT t.invalid)::int AS tickets,
      (SELECT count(*) FROM tickets t WHERE t.event_id = ${eventId})::int AS listed
    FROM (SELECT 1) one LEFT JOIN checkins c ON c.event_id = ${eventId} AND NOT c.deleted`.execute(db);
  return onlyRow(r, 'door stats');
}

export async function staffList(db: Q, eventId: number) {
  return db
    .selectFrom('door_staff as ds')
    .innerJoin('users as u', 'u.id', 'ds.user_id')
    .select(['ds.user_id', 'u.first_name', 'u.last_name', 'u.email', 'ds.added_by', 'ds.created_at'])
    .where('ds.event_id', '=', eventId)
    .orderBy('ds.created_at')
    .execute();
}

export async function addDoorStaff(trx: Tx, eventId: number, userId: number, addedBy: number): Promise<void> {
  await trx
    .insertInto('door_staff')
    .values({ event_id: eventId, user_id: userId, added_by: addedBy })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .execute();
}

export async function removeDoorStaff(trx: Tx, eventId: number, userId: number): Promise<void> {
  await trx.deleteFrom('door_staff').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
}

/** Whether any door has admitted the ticket (whatever the duplicates). */
export async function ticketAdmitted(db: Q, ticketId: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM checkins WHERE ticket_id = ${ticketId} AND result = 'admitted' AND NOT deleted`.execute(db);
  return (r.rows[0]?.n ?? 0) > 0;
}

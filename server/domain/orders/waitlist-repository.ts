import { sql } from 'kysely';
import { WAITLIST_LIMITS, type WaitlistAdminEntry, type WaitlistState } from '../../../contract/waitlist.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { withTies } from '../feed/feed.ts';
import { EVENT_CARD_COLUMNS } from '../../db/sql.ts';

/**
 * SQL of the waitlist (064_waitlist.sql). An offer's place is held in the types' and quotas' `taken`
 * by the statements of types-repository.ts; here are the line itself, the locks of the counts the
 * offers are made from, and the reads of the person's feed and the organiser's list.
 */

const ENTRY_COLUMNS = ['id', 'event_id', 'ticket_type_id', 'user_id', 'state', 'offer_key', 'offer_expires_at', 'order_id', 'locale', 'created_at'] as const;

export type EntryRow = NonNullable<Awaited<ReturnType<typeof lockEntry>>>;

export async function lockEntry(trx: Tx, entryId: number) {
  return trx.selectFrom('waitlist_entries').select(ENTRY_COLUMNS).where('id', '=', entryId).forUpdate().executeTakeFirst();
}

/** The person's open entry (waiting or offered) in the type's line, locked. */
export async function lockOpenEntry(trx: Tx, typeId: number, userId: number) {
  return trx
    .selectFrom('waitlist_entries')
    .select(ENTRY_COLUMNS)
    .where('ticket_type_id', '=', typeId)
    .where('user_id', '=', userId)
    .where('state', 'in', ['waiting', 'offered'])
    .forUpdate()
    .executeTakeFirst();
}

/** The open offer with this key, locked; undefined for any other key. */
export async function lockOfferByKey(trx: Tx, key: string) {
  return trx.selectFrom('waitlist_entries').select(ENTRY_COLUMNS).where('offer_key', '=', key).where('state', '=', 'offered').forUpdate().executeTakeFirst();
}

export async function insertEntry(trx: Tx, e: { event_id: number; ticket_type_id: number; user_id: number; locale: string }): Promise<number> {
  const r = await trx.insertInto('waitlist_entries').values(e).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function setEntryState(
  trx: Tx,
  entryIds: readonly number[],
  patch: { state: WaitlistState; offer_key?: string | null; offered_at?: Date; offer_expires_at?: Date | null; order_id?: number; ended_at?: Date | null },
): Promise<void> {
  if (!entryIds.length) return;
  await trx
    .updateTable('waitlist_entries')
    .set(patch)
    .where('id', 'in', [...entryIds])
    .execute();
}

/** A fresh offer key: 64 hex digits from two random UUIDs, like a private link's. */
export async function newOfferKeys(trx: Tx, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const r = await sql<{ key: string }>`SELECT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') AS key
    FROM generate_series(1, ${n})`.execute(trx);
  return r.rows.map((x) => x.key);
}

/** The types of these lines that have anybody in them (waiting or offered). */
export async function typesWithLines(q: Q, typeIds: readonly number[]): Promise<number[]> {
  if (!typeIds.length) return [];
  const r = await q
    .selectFrom('waitlist_entries')
    .select('ticket_type_id')
    .distinct()
    .where('state', 'in', ['waiting', 'offered'])
    .where('ticket_type_id', 'in', [...typeIds])
    .orderBy('ticket_type_id')
    .execute();
  return r.map((x) => x.ticket_type_id);
}

/**
 * The types of these (or, given null, of every) line that may have something to do as of `now`:
 * people waiting while the type and its shared quota have room, or offers whose time is up. Read
 * without locks, so the sweep locks only lines with work; the caller locks what it found and counts
 * again, and a place freed after this read is found by the write that freed it or the next sweep.
 */
export async function linesToSettle(q: Q, typeIds: readonly number[] | null, now: Date): Promise<number[]> {
  if (typeIds && !typeIds.length) return [];
  const only = typeIds ? sql`AND w.ticket_type_id IN (${sql.join([...typeIds])})` : sql``;
  const r = await sql<{ id: number }>`
    SELECT DISTINCT w.ticket_type_id AS id FROM waitlist_entries w
    JOIN ticket_types t ON t.id = w.ticket_type_id
    LEFT JOIN ticket_quotas sq ON sq.id = t.shared_quota_id AND NOT sq.deleted
    WHERE ((w.state = 'waiting' AND (t.quota IS NULL OR t.taken < t.quota) AND (sq.id IS NULL OR sq.taken < sq.size))
      OR (w.state = 'offered' AND w.offer_expires_at <= ${now})) ${only}
    ORDER BY 1`.execute(q);
  return r.rows.map((x) => x.id);
}

export interface LockedType {
  id: number;
  event_id: number;
  quota: number | null;
  taken: number;
  shared_quota_id: number | null;
  deleted: boolean;
  hidden: boolean;
  sale_ends_at: Date | null;
  ends_at: Date;
}
export interface LockedQuota {
  id: number;
  size: number;
  taken: number;
  deleted: boolean;
}

/**
 * Locks these types and every type sharing a quota with them, by id, and then their quotas, by id:
 * the order checkouts and ended orders take them in (lifecycle.ts), so nobody waits in a circle.
 * Answers the counts as they are under the locks.
 */
export async function lockCounts(trx: Tx, typeIds: readonly number[]): Promise<{ types: LockedType[]; quotas: LockedQuota[] }> {
  if (!typeIds.length) return { types: [], quotas: [] };
  const ids = sql.join([...typeIds]);
  const types = await sql<LockedType>`
    SELECT t.id, t.event_id, t.quota, t.taken, t.shared_quota_id, t.deleted, t.hidden, t.sale_ends_at, e.ends_at
    FROM ticket_types t JOIN events e ON e.id = t.event_id
    WHERE t.id IN (${ids}) OR (t.shared_quota_id IS NOT NULL AND t.shared_quota_id IN (SELECT shared_quota_id FROM ticket_types WHERE id IN (${ids})))
    ORDER BY t.id FOR UPDATE OF t`.execute(trx);
  const quotaIds = [...new Set(types.rows.map((t) => t.shared_quota_id).filter((x): x is number => x !== null))].sort((a, b) => a - b);
  if (!quotaIds.length) return { types: types.rows, quotas: [] };
  const quotas = await trx
    .selectFrom('ticket_quotas')
    .select(['id', 'size', 'taken', 'deleted'])
    .where('id', 'in', quotaIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  return { types: types.rows, quotas };
}

/** The open offers of these types whose time is up, locked. */
export async function overdueOffers(trx: Tx, typeIds: readonly number[], now: Date) {
  if (!typeIds.length) return [];
  return trx
    .selectFrom('waitlist_entries')
    .select(ENTRY_COLUMNS)
    .where('ticket_type_id', 'in', [...typeIds])
    .where('state', '=', 'offered')
    .where('offer_expires_at', '<=', now)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The lines of these types, first in line first. */
export async function waitingOf(trx: Tx, typeIds: readonly number[]) {
  if (!typeIds.length) return [];
  return trx
    .selectFrom('waitlist_entries')
    .select(ENTRY_COLUMNS)
    .where('ticket_type_id', 'in', [...typeIds])
    .where('state', '=', 'waiting')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Gives the entries still waiting behind `afterId` in the type's line a new rev: their place moved
 * up, and their documents say which. Answers whose they are, for the change hints.
 */
export async function touchLineBehind(trx: Tx, typeId: number, afterId: number): Promise<number[]> {
  const r = await sql<{ user_id: number }>`UPDATE waitlist_entries SET state = state
    WHERE ticket_type_id = ${typeId} AND state = 'waiting' AND id > ${afterId} RETURNING user_id`.execute(trx);
  return r.rows.map((x) => x.user_id);
}

export async function offerHoursOf(q: Q, eventId: number): Promise<number> {
  const r = await q.selectFrom('ticket_sales_settings').select('waitlist_offer_hours').where('event_id', '=', eventId).executeTakeFirst();
  return r?.waitlist_offer_hours ?? WAITLIST_LIMITS.defaultOfferHours;
}

export async function writeOfferHours(trx: Tx, eventId: number, hours: number): Promise<void> {
  await trx
    .insertInto('ticket_sales_settings')
    .values({ event_id: eventId, waitlist_offer_hours: hours })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ waitlist_offer_hours: hours }))
    .execute();
}

/** Raises a limited type's quota and its shared quota's size by one: a place the organiser adds for a hand-made offer. */
export async function addPlace(trx: Tx, typeId: number, quotaId: number | null): Promise<void> {
  await sql`UPDATE ticket_types SET quota = quota + 1 WHERE id = ${typeId} AND quota IS NOT NULL`.execute(trx);
  if (quotaId !== null) await sql`UPDATE ticket_quotas SET size = size + 1 WHERE id = ${quotaId}`.execute(trx);
}

/** Entries (`w`) with their event (`e`) and type (`t`): the feed and the offer's mail both show all three. */
function entriesWithEventAndType(q: Q) {
  return q.selectFrom('waitlist_entries as w').innerJoin('events as e', 'e.id', 'w.event_id').innerJoin('ticket_types as t', 't.id', 'w.ticket_type_id');
}

// The person's feed (tickets collection, kind `waitlist`) ----------------------------------------

function entryFeedRows(q: Q, userId: number) {
  return entriesWithEventAndType(q)
    .select([
      'w.id',
      'w.event_id',
      'w.ticket_type_id',
      'w.state',
      'w.offer_key',
      'w.offer_expires_at',
      'w.offered_at',
      'w.created_at',
      't.name as type_name',
      't.price',
      'e.currency',
      ...EVENT_CARD_COLUMNS,
      sql<number>`CASE WHEN w.state = 'waiting' THEN (SELECT count(*)::int FROM waitlist_entries a
        WHERE a.ticket_type_id = w.ticket_type_id AND a.state = 'waiting' AND a.id <= w.id) ELSE 0 END`.as('place'),
      sql<number>`greatest(w.rev, e.rev)`.as('rev'),
    ])
    .where('w.user_id', '=', userId);
}
export type EntryFeedRow = Awaited<ReturnType<ReturnType<typeof entryFeedRows>['executeTakeFirstOrThrow']>>;

/** A page of the person's waitlist entries for the tickets feed, in document-rev order. */
export async function userEntriesSince(q: Q, userId: number, checkpoint: number, limit: number): Promise<EntryFeedRow[]> {
  const docRev = sql<number>`greatest(w.rev, e.rev)`;
  const rows = await entryFeedRows(q, userId).where(sql<boolean>`${docRev} > ${checkpoint}`).orderBy(docRev).orderBy('w.id').limit(limit).execute();
  return withTies(rows, limit, (rev, afterId) =>
    entryFeedRows(q, userId).where(sql<boolean>`${docRev} = ${rev}`).where('w.id', '>', afterId).orderBy('w.id').execute(),
  );
}

// The organiser's list ---------------------------------------------------------------------------

/** Every entry of the event's lines (at most `limit`), by type and place, with the person's name and address. */
export async function eventEntries(q: Q, eventId: number, limit: number) {
  // The organiser's entry (contract/waitlist.ts) with its two times still as the database has them.
  const r = await sql<
    Omit<WaitlistAdminEntry, 'joined_at' | 'offer_expires'> & { created_at: Date; offer_expires_at: Date | null }
  >`SELECT w.id, w.ticket_type_id AS type_id, w.state,
      CASE WHEN w.state = 'waiting' THEN row_number() OVER (PARTITION BY w.ticket_type_id, w.state = 'waiting' ORDER BY w.id)::int ELSE 0 END AS place,
      trim(u.first_name || ' ' || u.last_name) AS name, u.email, w.created_at, w.offer_expires_at
    FROM waitlist_entries w JOIN users u ON u.id = w.user_id
    WHERE w.event_id = ${eventId}
    ORDER BY w.ticket_type_id, w.id LIMIT ${limit}`.execute(q);
  return r.rows;
}

/** The open offer with this key for the event, unless its time is up; read without a lock. */
export async function openOfferOf(q: Q, eventId: number, key: string, now: Date) {
  return q
    .selectFrom('waitlist_entries')
    .select(ENTRY_COLUMNS)
    .where('offer_key', '=', key)
    .where('event_id', '=', eventId)
    .where('state', '=', 'offered')
    .where('offer_expires_at', '>', now)
    .executeTakeFirst();
}

/** What the line needs of an event: whether people may queue for it. */
export async function lineEvent(q: Q, eventId: number) {
  return q.selectFrom('events').select(['id', 'status', 'deleted', 'ends_at']).where('id', '=', eventId).executeTakeFirst();
}

/** What an offer's mail says: the entry, its event and its type. */
export async function offerMailFacts(q: Q, entryId: number) {
  return entriesWithEventAndType(q)
    .select([
      'w.id',
      'w.user_id',
      'w.state',
      'w.offer_key',
      'w.offer_expires_at',
      'w.locale',
      'w.event_id',
      'e.name as event_name',
      'e.starts_at',
      'e.ends_at',
      'e.timezone',
      't.name as type_name',
    ])
    .where('w.id', '=', entryId)
    .executeTakeFirst();
}

import { NO_WAITLIST } from '../../../contract/waitlist.ts';
import { sql } from 'kysely';
import { NO_ORDER } from '../../../contract/orders.ts';
import type { PaidCancelState, TicketDesignSettings, TicketDoc, TicketPeriod } from '../../../contract/tickets.ts';
import { toUnix, type Q, type Tx } from '../../db/tx.ts';
import { posterUrl } from '../events/document-repository.ts';
import { withTies } from '../feed/feed.ts';
import { onlyRow } from '../../db/rows.ts';
import { EVENT_CARD_COLUMNS } from '../../db/sql.ts';

/**
 * SQL of the tickets area: a ticket with the event summary and the holder its card shows, the email
 * lock, the event's design and the signing secret. The design's pictures: design-image-repository.ts.
 */

export function ticketRows(db: Q) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('orders as o', 'o.id', 't.order_id')
    .select([
      't.id',
      't.event_id',
      't.user_id',
      't.code',
      't.type',
      't.name',
      't.company',
      't.position',
      't.price',
      't.currency',
      't.description',
      't.place',
      't.status',
      't.invalid',
      't.visitor_category',
      't.created_at',
      't.deleted',
      't.transferred_at',
      ...EVENT_CARD_COLUMNS,
      'u.first_name',
      'u.last_name',
      'u.email',
      'o.id as order_id',
      'o.user_id as order_user_id',
      'o.code as order_code',
      'o.state as order_state',
      'o.method as order_method',
      'o.total as order_total',
      'o.created_at as order_created_at',
      'o.paid_at as order_paid_at',
      'o.ended_at as order_ended_at',
      sql<number>`greatest(t.rev, e.rev, u.rev, coalesce(o.rev, 0))`.as('rev'),
      // Whether the holder may ask to cancel this paid ticket, or has asked (067_paid_cancel_requests.sql).
      sql<PaidCancelState>`CASE
        WHEN EXISTS (SELECT 1 FROM ticket_cancel_requests r WHERE r.ticket_id = t.id AND r.state = 'open') THEN 'requested'
        WHEN t.price > 0 AND t.status = 'valid' AND EXISTS (SELECT 1 FROM ticket_sales_settings ss WHERE ss.event_id = t.event_id AND ss.paid_cancel = 'request')
          THEN 'request'
        ELSE '' END`.as('paid_cancel'),
    ]);
}

export type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketRows>['executeTakeFirstOrThrow']>>;

export const ticketLinks = (ticketId: number) => ({
  download_link: `/api/tickets/${ticketId}/pdf`,
  send_email_link: `/api/tickets/${ticketId}/send-to-email`,
});

export type Signer = (eventId: number, ticketId: number, code: string) => string;

/** The event as a ticket's (or an order's) card shows it, from the event columns both rows carry. */
export function eventSummary(r: {
  event_id: number;
  event_name: string;
  poster: string;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
  place_public: boolean;
  place_name: string;
  place_address: string;
}): TicketDoc['event'] {
  return {
    name: r.event_name,
    poster_small: posterUrl(r.event_id, r.poster, 'small'),
    when: toUnix(r.starts_at),
    when_end: toUnix(r.ends_at),
    timezone: r.timezone,
    place: { public: r.place_public, name: r.place_name, address: r.place_address },
  };
}

export function toTicketDoc(r: TicketRow, sign: Signer): TicketDoc & { deleted: boolean } {
  const when = toUnix(r.starts_at);
  const whenEnd = toUnix(r.ends_at);
  const fullName = `${r.first_name} ${r.last_name}`.trim();
  const transferred = r.transferred_at !== null;
  // A ticket somebody gave this holder came from the giver's order, which is none of theirs.
  const ownOrder = r.order_id !== null && r.order_user_id === r.user_id;
  return {
    id: String(r.id),
    kind: 'ticket',
    ticket_id: r.id,
    event_id: r.event_id,
    code: r.code,
    // A ticket given away keeps no working code on the old holder's devices.
    qr: transferred ? '' : sign(r.event_id, r.id, r.code),
    type: r.type,
    name: r.name || fullName,
    company: r.company,
    position: r.position,
    price: Number(r.price),
    currency: r.currency,
    description: r.description,
    place: r.place,
    status: transferred ? 'transferred' : r.status,
    invalid: r.invalid,
    visitor_category: r.visitor_category,
    created_at: toUnix(r.created_at),
    when,
    when_end: whenEnd,
    ...ticketLinks(r.id),
    event: eventSummary(r),
    user: {
      first_name: r.first_name,
      last_name: r.last_name,
      full_name: fullName,
      profile_link: `/profiles/${r.user_id}`,
      company: { name: r.company, position: r.position, visitor_category: r.visitor_category },
    },
    // Its order in brief (the order's own document lists the lines); a seeded ticket has none.
    order:
      r.order_id === null || !ownOrder
        ? NO_ORDER
        : {
            ...NO_ORDER,
            id: r.order_id,
            code: r.order_code ?? '',
            state: r.order_state ?? 'paid',
            method: r.order_method ?? 'free',
            total: Number(r.order_total ?? 0),
            currency: r.currency,
            created_at: toUnix(r.order_created_at),
            paid_at: toUnix(r.order_paid_at),
            ended_at: toUnix(r.order_ended_at),
          },
    waitlist: NO_WAITLIST,
    paid_cancel: transferred ? '' : r.paid_cancel,
    rev: r.rev,
    // A removed event takes its tickets off the user's devices.
    deleted: r.deleted || r.event_deleted,
  };
}

/** The legacy Ticket object of events.md §3: the document's fields under the names old clients read. */
export function toLegacyTicket(doc: TicketDoc) {
  const { send_email_link, rev: _rev, when: _w, when_end: _we, kind: _k, order: _o, waitlist: _wl, paid_cancel: _pc, ...rest } = doc;
  return { ...rest, id: doc.ticket_id, sendTicketToEmail: send_email_link, send_email_link };
}

function periodFilter(period: TicketPeriod) {
  if (period === 'future') return sql<boolean>`e.ends_at >= now()`;
  if (period === 'past') return sql<boolean>`e.ends_at < now()`;
  return sql<boolean>`true`;
}

/**
 * The user's tickets for My tickets: removed tickets and tickets of removed events left out.
 * Upcoming events first (soonest first), then past ones (latest first), as the tabs read.
 */
export async function listUserTickets(db: Q, userId: number, period: TicketPeriod, limit: number, offset: number) {
  return ticketRows(db)
    .where('t.user_id', '=', userId)
    .where('t.deleted', '=', false)
    .where('e.deleted', '=', false)
    .where(periodFilter(period))
    .orderBy(sql`e.ends_at < now()`)
    .orderBy(sql`CASE WHEN e.ends_at >= now() THEN e.starts_at END`, 'asc')
    .orderBy('e.starts_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countUserTickets(db: Q, userId: number): Promise<{ all: number; future: number; past: number }> {
  const r = await sql<{ all: number; future: number; past: number }>`
    SELECT count(*)::int AS "all",
      count(*) FILTER (WHERE e.ends_at >= now())::int AS future,
      count(*) FILTER (WHERE e.ends_at < now())::int AS past
    FROM tickets t JOIN events e ON e.id = t.event_id
    WHERE t.user_id = ${userId} AND NOT t.deleted AND NOT e.deleted`.execute(db);
  return onlyRow(r, 'ticket counts');
}

export async function findTicketRow(db: Q, ticketId: number): Promise<TicketRow | undefined> {
  return ticketRows(db).where('t.id', '=', ticketId).executeTakeFirst();
}

/** Feed page of the user's own tickets (the `tickets` collection), tombstones included. */
export async function userTicketsSince(db: Q, userId: number, checkpoint: number, limit: number): Promise<TicketRow[]> {
  const docRev = sql<number>`greatest(t.rev, e.rev, u.rev, coalesce(o.rev, 0))`;
  const rows = await ticketRows(db)
    .where('t.user_id', '=', userId)
    .where(sql<boolean>`${docRev} > ${checkpoint}`)
    .orderBy(docRev)
    .orderBy('t.id')
    .limit(limit)
    .execute();
  return withTies(rows, limit, (rev, afterId) =>
    ticketRows(db).where('t.user_id', '=', userId).where(sql<boolean>`${docRev} = ${rev}`).where('t.id', '>', afterId).orderBy('t.id').execute(),
  );
}

/** The user's most recent purchases, newest first, removed tickets and events left out. */
export async function latestUserTickets(q: Q, userId: number, limit: number): Promise<TicketRow[]> {
  return ticketRows(q)
    .where('t.user_id', '=', userId)
    .where('t.deleted', '=', false)
    .where('e.deleted', '=', false)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}

/** The valid tickets one user holds for one event. */
export async function validEventTickets(q: Q, eventId: number, userId: number): Promise<TicketRow[]> {
  return ticketRows(q)
    .where('t.event_id', '=', eventId)
    .where('t.user_id', '=', userId)
    .where('t.deleted', '=', false)
    .where('t.status', '=', 'valid')
    .where('t.invalid', '=', false)
    .orderBy('t.id')
    .execute();
}

// The email lock ---------------------------------------------------------------------------------

/**
 * Claims the ticket's email lock with one conditional upsert, so concurrent requests on any instance
 * send once. Answers the claim's time (and its exact text, which a JS Date would cut to
 * milliseconds and never match again), or undefined while the lock is held.
 */
export async function claimEmailLock(q: Q, ticketId: number, userId: number, lockSeconds: number): Promise<{ sent_at: Date; stamp: string } | undefined> {
  const claimed = await sql<{ sent_at: Date; stamp: string }>`
    INSERT INTO ticket_email_sends (ticket_id, sent_at, sent_by) VALUES (${ticketId}, now(), ${userId})
    ON CONFLICT (ticket_id) DO UPDATE SET sent_at = now(), sent_by = EXCLUDED.sent_by
      WHERE ticket_email_sends.sent_at <= now() - make_interval(secs => ${lockSeconds})
    RETURNING sent_at, sent_at::text AS stamp`.execute(q);
  return claimed.rows[0];
}

export async function emailLockedAt(q: Q, ticketId: number): Promise<Date | undefined> {
  return (await q.selectFrom('ticket_email_sends').select('sent_at').where('ticket_id', '=', ticketId).executeTakeFirst())?.sent_at;
}

/** Gives a claim back (its send failed), so the user can retry at once. */
export async function releaseEmailLock(q: Q, ticketId: number, stamp: string): Promise<void> {
  await sql`DELETE FROM ticket_email_sends WHERE ticket_id = ${ticketId} AND sent_at = ${stamp}::timestamptz`.execute(q);
}

// The design -------------------------------------------------------------------------------------

export async function designSettings(q: Q, eventId: number): Promise<Partial<TicketDesignSettings> | undefined> {
  const row = await q.selectFrom('ticket_designs').select('settings').where('event_id', '=', eventId).executeTakeFirst();
  if (!row) return undefined;
  return (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as Partial<TicketDesignSettings>;
}

/** Locks the event's saved design (if there is one) until the transaction ends. */
export async function lockDesign(trx: Tx, eventId: number): Promise<void> {
  await sql`SELECT 1 FROM ticket_designs WHERE event_id = ${eventId} FOR UPDATE`.execute(trx);
}

export async function upsertDesign(trx: Tx, eventId: number, settings: TicketDesignSettings): Promise<void> {
  const values = { settings: JSON.stringify(settings), updated_at: new Date() };
  await trx
    .insertInto('ticket_designs')
    .values({ event_id: eventId, ...values })
    .onConflict((oc) => oc.column('event_id').doUpdateSet(values))
    .execute();
}

import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { toUnix } from '../../db/tx.ts';
import { posterUrl } from '../events/repository.ts';
import type { TicketDoc, TicketPeriod } from '../../../contract/tickets.ts';
import { withTies, type Q } from './tables.ts';

/** SQL of the tickets area: a ticket with the event summary and the holder its card shows. */

export function ticketRows(db: Q) {
  return (db as Kysely<DB>)
    .selectFrom('tickets as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id', 't.event_id', 't.user_id', 't.code', 't.type', 't.name', 't.company', 't.position', 't.price', 't.currency',
      't.description', 't.place', 't.status', 't.invalid', 't.visitor_category', 't.created_at', 't.deleted',
      'e.name as event_name', 'e.poster', 'e.starts_at', 'e.ends_at', 'e.timezone', 'e.place_public', 'e.place_name',
      'e.place_address', 'e.deleted as event_deleted', 'u.first_name', 'u.last_name', 'u.email',
      sql<number>`greatest(t.rev, e.rev, u.rev)`.as('rev'),
    ]);
}

export type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketRows>['executeTakeFirstOrThrow']>>;

export const ticketLinks = (ticketId: number) => ({
  download_link: `/api/tickets/${ticketId}/pdf`,
  send_email_link: `/api/tickets/${ticketId}/send-to-email`,
});

export type Signer = (eventId: number, ticketId: number, code: string) => string;

export function toTicketDoc(r: TicketRow, sign: Signer): TicketDoc & { deleted: boolean } {
  const when = toUnix(r.starts_at);
  const whenEnd = toUnix(r.ends_at);
  const fullName = `${r.first_name} ${r.last_name}`.trim();
  return {
    id: String(r.id),
    ticket_id: r.id,
    event_id: r.event_id,
    code: r.code,
    qr: sign(r.event_id, r.id, r.code),
    type: r.type,
    name: r.name || fullName,
    company: r.company,
    position: r.position,
    price: Number(r.price),
    currency: r.currency,
    description: r.description,
    place: r.place,
    status: r.status,
    invalid: r.invalid,
    visitor_category: r.visitor_category,
    created_at: toUnix(r.created_at),
    when,
    when_end: whenEnd,
    ...ticketLinks(r.id),
    event: {
      name: r.event_name,
      poster_small: posterUrl(r.event_id, r.poster, 'small'),
      when,
      when_end: whenEnd,
      timezone: r.timezone,
      place: { public: r.place_public, name: r.place_name, address: r.place_address },
    },
    user: {
      first_name: r.first_name,
      last_name: r.last_name,
      full_name: fullName,
      profile_link: `/profiles/${r.user_id}`,
      company: { name: r.company, position: r.position, visitor_category: r.visitor_category },
    },
    rev: r.rev,
    // A removed event takes its tickets off the user's devices.
    deleted: r.deleted || r.event_deleted,
  };
}

/** The legacy Ticket object of events.md §3: the document's fields under the names old clients read. */
export function toLegacyTicket(doc: TicketDoc) {
  const { send_email_link, rev: _rev, when: _w, when_end: _we, ...rest } = doc;
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
  return r.rows[0]!;
}

export async function findTicketRow(db: Q, ticketId: number): Promise<TicketRow | undefined> {
  return ticketRows(db).where('t.id', '=', ticketId).executeTakeFirst();
}

/** Owners of the event (user_events.is_owner), who see its tickets, design and door. */
export async function isEventOwner(db: Q, eventId: number, userId: number): Promise<boolean> {
  const row = await (db as Kysely<DB>)
    .selectFrom('user_events')
    .select('is_owner')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row?.is_owner === true;
}

/** Feed page of the user's own tickets (the `tickets` collection), tombstones included. */
export async function userTicketsSince(db: Q, userId: number, checkpoint: number, limit: number): Promise<TicketRow[]> {
  const docRev = sql<number>`greatest(t.rev, e.rev, u.rev)`;
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

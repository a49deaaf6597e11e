import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * SQL fragments that several areas' repositories build their WHERE clauses from. Each rule is
 * written once here, so the lists, the feeds and the checks of every area agree on who takes part,
 * who may be shown and which ticket counts.
 */

export type Cond = RawBuilder<SqlBool>;

export const TRUE: Cond = sql<SqlBool>`TRUE`;
export const FALSE: Cond = sql<SqlBool>`FALSE`;

/** All of the conditions; TRUE ones are left out so the SQL stays readable in logs and plans. */
export function and(conds: Cond[]): Cond {
  const real = conds.filter((c) => c !== TRUE);
  if (real.length === 0) return TRUE;
  return sql<SqlBool>`(${sql.join(real, sql` AND `)})`;
}

/** A ticket that admits its holder: valid, not invalidated, not removed. `alias` names a tickets row. */
export function validTicket(alias: string): Cond {
  const t = sql.ref(alias);
  return sql<SqlBool>`(${t}.status = 'valid' AND NOT ${t}.invalid AND NOT ${t}.deleted)`;
}

/**
 * "Takes part in the event": checked in, owner, or holding a valid ticket. The same rule decides
 * is_my lists, other users' event lists, friends and same-city counts, visitor lists and who has
 * a trip plan.
 */
export function participates(user: RawBuilder<unknown>, event: RawBuilder<unknown>): Cond {
  return sql<SqlBool>`(EXISTS (SELECT 1 FROM user_events pue WHERE pue.event_id = ${event} AND pue.user_id = ${user}
      AND NOT pue.deleted AND (pue.checked_in OR pue.is_owner))
    OR EXISTS (SELECT 1 FROM tickets pt WHERE pt.event_id = ${event} AND pt.user_id = ${user}
      AND pt.status = 'valid' AND NOT pt.invalid AND NOT pt.deleted))`;
}

/**
 * An event the user may see: published, cancelled or over, or a draft they organise. A draft is
 * nobody else's, even of people who registered before it went back to being one: its name and
 * content stay off their calendar feeds, referral pages and any list built from rows they hold.
 */
export function openTo(user: RawBuilder<unknown>, event: string): Cond {
  const e = sql.ref(event);
  return sql<SqlBool>`(${e}.status <> 'draft' OR EXISTS (SELECT 1 FROM user_events oue WHERE oue.event_id = ${e}.id AND oue.user_id = ${user}
      AND oue.is_owner AND NOT oue.deleted))`;
}

/** A user whose presence may be shown to others (the "hide from visitor list" switch, closed accounts). */
export function visibleUser(alias: string): Cond {
  const u = sql.ref(alias);
  return sql<SqlBool>`(NOT ${u}.hide_from_visitors AND NOT ${u}.disabled AND NOT ${u}.deleted)`;
}

/** The events a user has any relation to (a user_events row or a ticket), as a subquery of ids. */
export function relatedEventIds(userId: number): RawBuilder<unknown> {
  return sql`SELECT event_id FROM user_events WHERE user_id = ${userId} UNION SELECT event_id FROM tickets WHERE user_id = ${userId}`;
}

/** avatarUrl (contract/avatars.ts) in SQL, for pictures built inside JSON aggregates; `alias` names a users row. */
export function avatarSql(alias: string): RawBuilder<string> {
  const u = sql.ref(alias);
  return sql<string>`CASE WHEN ${u}.avatar = '' THEN '/files/avatars/' || ${u}.id || '.svg' ELSE ${u}.avatar END`;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likeContains(q: string): string {
  return `%${escapeLike(q)}%`;
}

export function likePrefix(q: string): string {
  return `${escapeLike(q)}%`;
}

/**
 * What a ticket, an order or a waitlist place shows of its event in the person's tickets feed (its
 * card: name, poster, times, place), read from the events row joined as `e`. One list, so the three
 * kinds of card in My tickets cannot drift apart.
 */
export const EVENT_CARD_COLUMNS = [
  'e.name as event_name',
  'e.poster',
  'e.starts_at',
  'e.ends_at',
  'e.timezone',
  'e.place_public',
  'e.place_name',
  'e.place_address',
  'e.deleted as event_deleted',
] as const;

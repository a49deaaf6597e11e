import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { and, avatarSql } from '../../db/sql.ts';
import type { Q } from '../../db/tx.ts';
import { onlyRow } from '../../db/rows.ts';
import { SOCIAL_NETWORKS } from '../../../contract/visitors.ts';
import type { FeedJsonPage } from '../feed/feed.ts';
import { eventBase, outerColumns, outerJoins, visibleTo, type Viewer, type VisitorRow } from './repository.ts';

/**
 * Read-side SQL of an event's visitors feed (sync/views/visitors on the devices): the pages of
 * documents, built in the database as JSON, and the stamp a pull starts from. The visibility and
 * masking rules are repository.ts's `visibleTo` and `outerColumns`, the same as every list's.
 */

/**
 * One page of an event's visitors feed: every person related to the event whose document rev is
 * past the checkpoint, in rev order, with `shown` saying whether the viewer may see them now. The page walks visitor_revs (009_visitor_revs.sql) by its
 * (event_id, rev) index and builds each person's document laterally, so the work is the page, not
 * the event: a caught-up pull touches no visitor at all. The first pull (checkpoint 0) skips people
 * nobody may see instead of sending them as tombstones (a device at 0 holds nothing); the walk then
 * simply reads further, so a short page still means "caught up". People can share a rev (a ticket
 * handed from one to another stamps both with the ticket's rev), so a page never ends inside such a
 * group: it takes the rest of its last rev too (WITH TIES), or the next pull, which asks for revs
 * above the last one, would skip them. Later pages may carry tombstones
 * of people the device never held: the server cannot know what a device holds, and deleting an
 * absent document is a no-op.
 */
export async function feedRows(db: Q, viewer: Viewer, eventId: number, checkpoint: number, limit: number): Promise<VisitorRow[]> {
  const r = await sql<VisitorRow>`${feedSelect(viewer, eventId, checkpoint, limit)}`.execute(db);
  return r.rows;
}

function feedSelect(viewer: Viewer, eventId: number, checkpoint: number, limit: number): RawBuilder<VisitorRow> {
  const shown = and([sql<SqlBool>`u.participant`, visibleTo(viewer, eventId)]);
  return sql<VisitorRow>`
    SELECT ${outerColumns(viewer, shown, false, sql`vr.rev`)}
    FROM (SELECT user_id, rev FROM visitor_revs WHERE event_id = ${eventId}::int AND rev > ${checkpoint}::bigint ORDER BY rev) vr
    CROSS JOIN LATERAL (${eventBase(eventId, sql`SELECT vr.user_id`)}) u ${outerJoins(viewer, false)}
    WHERE ${checkpoint}::bigint > 0 OR ${shown}
    ORDER BY vr.rev
    FETCH FIRST ${limit} ROWS WITH TIES`;
}

/**
 * `value` as JSON.stringify writes it. PostgreSQL escapes a string exactly as JavaScript does (the
 * six short escapes, other control characters as lowercase \u00xx); NULL becomes null, as in
 * JavaScript, and never turns the whole document into NULL, which string_agg would silently drop.
 */
const json = (value: RawBuilder<unknown>) => sql<string>`coalesce(to_json(${value})::text, 'null')`;
/** An integer column as JSON: its text, without to_json's work per value. */
const int = (value: RawBuilder<unknown>) => sql<string>`coalesce((${value})::text, 'null')`;

/** A JSON object written by concatenation, keys in the order given (row_to_json cannot leave keys out). */
function jsonObject(fields: [string, RawBuilder<unknown>][]): RawBuilder<string> {
  const parts = fields.flatMap(([key, value], i) => [sql.lit(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`), value]);
  return sql<string>`concat(${sql.join(parts)}, '}')`;
}

/**
 * socialOf (documents.ts) over the stored jsonb: the known networks in their order, non-empty strings
 * only. (socialOf also reads a JSON text stored as a jsonb string; the profile writes objects.)
 */
function socialJson(column: RawBuilder<unknown>): RawBuilder<string> {
  const links = SOCIAL_NETWORKS.map(
    (key) =>
      sql`CASE WHEN ${column} ? ${sql.lit(key)} AND jsonb_typeof(${column} -> ${sql.lit(key)}) = 'string' AND ${column} ->> ${sql.lit(key)} <> ''
        THEN ${sql.lit(`${JSON.stringify(key)}:`)} || to_json(${column} ->> ${sql.lit(key)})::text END`,
  );
  return sql<string>`('{' || concat_ws(',', ${sql.join(links)}) || '}')`;
}

/**
 * toVisitorDoc (documents.ts) in SQL, over a row of feedSelect aliased `f`: the same keys in the
 * same order and the same values, so the text is what JSON.stringify makes of the document. The
 * visitors page is the biggest a device pulls, and reading it as rows cost more than running its
 * query (every field is copied and decoded on its own, on PGlite in this process's thread); read as
 * one text it is sent as it comes. The tests/integration/visitors-feed*.test.ts files hold the two equal.
 */
function visitorDocJson(eventId: number, tombstone: object): RawBuilder<string> {
  const ev = sql`${eventId}::int`;
  const id = sql`'"' || ${ev} || ':' || f.id || '"'`;
  const dead = jsonObject(
    Object.entries(tombstone).map(([key, value]): [string, RawBuilder<unknown>] => {
      if (key === 'id') return [key, id];
      if (key === 'user_id') return [key, int(sql`f.id`)];
      if (key === 'rev') return [key, int(sql`f.rev`)];
      return [key, sql.lit(JSON.stringify(value))];
    }),
  );
  const col = (name: string) => json(sql.ref(`f.${name}`));
  const doc = jsonObject([
    ['id', id],
    ['event_id', int(ev)],
    ['user_id', int(sql`f.id`)],
    ['first_name', col('first_name')],
    ['last_name', col('last_name')],
    ['avatar', json(avatarSql('f'))],
    ['country_code', json(sql`btrim(f.country_code::text)`)],
    ['country_name', col('country_name')],
    ['city_id', int(sql.ref('f.city_id'))],
    ['city_name', col('city_name')],
    ['position', col('position')],
    ['company', col('company')],
    ['help', col('help')],
    ['status', col('status')],
    ['show_status', int(sql.ref('f.show_status'))],
    ['trip_status', int(sql.ref('f.trip_status'))],
    ['hobby', col('hobby')],
    ['sex', int(sql.ref('f.sex'))],
    ['birth_year', int(sql.ref('f.birth_year'))],
    ['social', socialJson(sql`f.social`)],
    ['phone', col('phone')],
    ['email', col('email')],
    ['menu_id', int(sql`coalesce(f.menu_id, 0)`)],
    ['role', col('role')],
    ['about', col('about')],
    ['interest', col('interest')],
    ['accesses_by_tickets', col('has_ticket')],
    // toUnix: whole seconds, floored; a timestamp JavaScript cannot hold becomes null there too.
    ['registered_at', int(sql`CASE WHEN isfinite(f.registered_at) THEN floor(extract(epoch FROM f.registered_at))::bigint END`)],
    ['rev', int(sql.ref('f.rev'))],
    ['deleted', sql`'false'`],
  ]);
  return sql<string>`CASE WHEN f.shown THEN ${doc} ELSE ${dead} END`;
}

/**
 * feedRows, written by the database as the JSON of toVisitorDoc's documents. `tombstone` is
 * documents.ts visitorTombstone for the event (passed in: documents.ts imports this module), whose
 * id, user_id and rev each row fills in.
 */
export async function feedJson(
  db: Q,
  viewer: Viewer,
  eventId: number,
  checkpoint: number,
  limit: number,
  tombstone: object,
): Promise<FeedJsonPage & { count: number; version: string }> {
  // The version is read by the same statement as the page, so it is the version of these very rows.
  const r = await sql<{ documents: string | null; last_rev: number | null; count: number; version: string }>`
    SELECT string_agg(${visitorDocJson(eventId, tombstone)}, ',' ORDER BY f.rev) AS documents, max(f.rev) AS last_rev,
      count(*)::int AS count, ${feedVersion(eventId)} AS version
    FROM (${feedSelect(viewer, eventId, checkpoint, limit)}) f`.execute(db);
  const row = onlyRow(r, 'visitors feed page');
  return { documents: row.documents ?? '', lastRev: row.last_rev, count: row.count, version: String(row.version) };
}

/**
 * The version of an event's visitors feed: its greatest visitor rev. Every change of a visitor
 * document stamps visitor_revs with a new rev in the write's own transaction (009_visitor_revs.sql),
 * and revs are taken under one lock until commit (001_init.sql foyer_bump_rev), so a write that
 * commits after a snapshot carries a rev above every rev that snapshot saw: two equal versions mean
 * the same feed. One backward step of the (event_id, rev) index.
 */
function feedVersion(eventId: number): RawBuilder<string> {
  return sql<string>`(SELECT coalesce(max(rev), 0)::text FROM visitor_revs WHERE event_id = ${eventId}::int)`;
}

export interface FeedStamp {
  /** The event's `deleted`, undefined for no such event. */
  event: { deleted: boolean } | undefined;
  version: string;
  /** The rev of the viewer's own document in the feed (null without one). */
  own: number | null;
  /** What only the person sees of their own document (outerColumns' `self`), null for no such user. */
  self: { phone: string; email: string; trip_status: number; sex: number; birth_year: number } | null;
}

/**
 * Everything a pull of the shared pages needs to know now, from one snapshot and with a plan as
 * cheap as its lookups: on PGlite, planning a statement that builds a document costs more than
 * running it for one person.
 */
export async function feedStamp(db: Q, eventId: number, userId: number): Promise<FeedStamp> {
  const r = await sql<{
    deleted: boolean | null;
    version: string;
    own: number | null;
    phone: string | null;
    email: string | null;
    trip_status: number | null;
    sex: number | null;
    birth_year: number | null;
    user_id: number | null;
  }>`
    SELECT e.deleted, ${feedVersion(eventId)} AS version,
      (SELECT rev FROM visitor_revs WHERE event_id = ${eventId}::int AND user_id = ${userId}::int) AS own,
      u.id AS user_id, u.phone, u.email, u.trip_status, coalesce(u.sex, 0) AS sex, coalesce(u.birth_year, 0) AS birth_year
    FROM (SELECT 1) one
    LEFT JOIN events e ON e.id = ${eventId}::int
    LEFT JOIN users u ON u.id = ${userId}::int`.execute(db);
  const row = onlyRow(r, 'visitors feed stamp');
  return {
    event: row.deleted === null ? undefined : { deleted: row.deleted },
    version: String(row.version),
    own: row.own,
    self:
      row.user_id === null
        ? null
        : {
            phone: row.phone as string,
            email: row.email as string,
            trip_status: row.trip_status as number,
            sex: row.sex ?? 0,
            birth_year: row.birth_year ?? 0,
          },
  };
}

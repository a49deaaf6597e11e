import { sql, type RawBuilder } from 'kysely';
import type { CompanyDoc, StandMemberDoc } from '../../../contract/companies.ts';
import type { LeadField } from '../../../contract/leads.ts';
import { placeholderLogo } from '../../../contract/companies.ts';
import { avatarSql } from '../../db/sql.ts';
import type { Q } from '../../db/tx.ts';
import { withTies } from '../feed/feed.ts';
import type { StandValues } from './admin-repository.ts';

/**
 * Stands of an event with their visible members, for the companies feed and the legacy calls.
 *
 * A member who hides from visitor lists (users.hide_from_visitors), a disabled or a removed account
 * is left out, except from the viewer's own view of a stand they belong to. The document's rev is
 * the greatest of the stand's rev and every member's user rev (hidden members included, so hiding
 * re-sends the stand); membership changes touch the stand row (005_tickets.sql).
 */

/** A stand as its feed reads it: what the organisers wrote, with its members and leads. */
interface StandRow extends StandValues {
  id: number;
  event_id: number;
  client_id: string | null;
  sort: number;
  deleted: boolean;
  rev: number;
  members: StandMemberDoc[] | string | null;
  /** Null unless the viewer is one of the stand's members (068_stand_leads.sql). */
  leads: LeadField[] | string | null;
}

/**
 * Stands with their members as `viewerId` may see them: hidden members (hide_from_visitors) only
 * to themselves, to the event's organisers (`organiser`) and to the stand's own managers.
 */
function standSelect(viewerId: number | null, organiser = false): RawBuilder<StandRow> {
  const viewer = viewerId ?? 0;
  const staff = organiser ? sql`true` : sql`EXISTS (SELECT 1 FROM stand_members mm WHERE mm.company_id = c.id AND mm.user_id = ${viewer} AND mm.is_manager)`;
  return sql<StandRow>`
    SELECT c.id, c.event_id, c.name, c.location, c.link, c.description, c.phone, c.email, c.client_id, c.image, c.image_thumb, c.sort, c.deleted,
      greatest(c.rev, coalesce(m.rev, 0)) AS rev, m.members,
      CASE WHEN EXISTS (SELECT 1 FROM stand_members ml WHERE ml.company_id = c.id AND ml.user_id = ${viewer}) THEN (
        SELECT coalesce(json_agg(json_build_object(
          'user_id', l.user_id, 'first_name', l.card->>'first_name', 'last_name', l.card->>'last_name',
          'company', l.card->>'company', 'position', l.card->>'position', 'email', l.card->>'email', 'phone', l.card->>'phone',
          'scanned_at', l.scanned_at, 'scanned_by', coalesce(l.scanned_by, 0), 'note', l.note, 'rating', l.rating)
          ORDER BY l.scanned_at DESC, l.user_id), '[]'::json)
        FROM stand_leads l WHERE l.company_id = c.id AND l.card IS NOT NULL) END AS leads
    FROM companies c
    LEFT JOIN LATERAL (
      SELECT max(u.rev) AS rev,
        json_agg(json_build_object(
          'user_id', u.id, 'first_name', u.first_name, 'last_name', u.last_name,
          'position', CASE WHEN sm.position <> '' THEN sm.position ELSE u.position END,
          'avatar', ${avatarSql('u')},
          'is_manager', sm.is_manager,
          'hidden', u.hide_from_visitors) ORDER BY sm.sort, u.id)
          FILTER (WHERE NOT u.deleted AND NOT u.disabled AND (NOT u.hide_from_visitors OR u.id = ${viewer} OR ${staff})) AS members
      FROM stand_members sm JOIN users u ON u.id = sm.user_id
      WHERE sm.company_id = c.id
    ) m ON true`;
}

function members(v: StandRow['members']): StandMemberDoc[] {
  if (!v) return [];
  return typeof v === 'string' ? (JSON.parse(v) as StandMemberDoc[]) : v;
}

/** The stand's leads for a member's copy; the database gives scanned_at in its own text form. */
function leads(v: StandRow['leads']): { leads?: LeadField[] } {
  if (v === null || v === undefined) return {};
  const list = typeof v === 'string' ? (JSON.parse(v) as LeadField[]) : v;
  return { leads: list.map((l) => ({ ...l, scanned_at: new Date(l.scanned_at).toISOString() })) };
}

export function toCompanyDoc(r: StandRow): CompanyDoc & { deleted: boolean } {
  return {
    id: String(r.id),
    stand_id: r.id,
    event_id: r.event_id,
    name: r.name,
    location: r.location,
    link: r.link,
    description: r.description,
    phone: r.phone,
    email: r.email,
    client_id: r.client_id ?? '',
    image: r.image,
    image_thumb: r.image_thumb,
    logo: r.image_thumb || r.image || placeholderLogo(r.id),
    sort: r.sort,
    members: members(r.members),
    ...leads(r.leads),
    rev: r.rev,
    deleted: r.deleted,
  };
}

/** Feed page of one event's stands, tombstones included, in (rev, id) order. */
export async function standsSince(
  db: Q,
  eventId: number,
  viewerId: number | null,
  checkpoint: number,
  limit: number,
  organiser = false,
): Promise<(CompanyDoc & { deleted: boolean })[]> {
  const base = standSelect(viewerId, organiser);
  const page =
    await sql<StandRow>`SELECT * FROM (${base}) s WHERE s.event_id = ${eventId} AND s.rev > ${checkpoint} ORDER BY s.rev, s.id LIMIT ${limit}`.execute(db);
  const rows = await withTies(
    page.rows,
    limit,
    async (rev, afterId) =>
      (await sql<StandRow>`SELECT * FROM (${base}) s WHERE s.event_id = ${eventId} AND s.rev = ${rev} AND s.id > ${afterId} ORDER BY s.id`.execute(db)).rows,
  );
  return rows.map(toCompanyDoc);
}

/** A page of an event's stands in display order, and how many there are. */
export async function listStands(db: Q, eventId: number, viewerId: number | null, limit: number, offset: number) {
  const rows = await sql<StandRow>`SELECT * FROM (${standSelect(viewerId)}) s WHERE s.event_id = ${eventId} AND NOT s.deleted
    ORDER BY s.sort, s.name, s.id LIMIT ${limit} OFFSET ${offset}`.execute(db);
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM companies WHERE event_id = ${eventId} AND NOT deleted`.execute(db);
  return { docs: rows.rows.map(toCompanyDoc), count: count.rows[0]?.n ?? 0 };
}

export async function findStand(db: Q, eventId: number, standId: number, viewerId: number | null): Promise<(CompanyDoc & { deleted: boolean }) | undefined> {
  const r = await sql<StandRow>`SELECT * FROM (${standSelect(viewerId)}) s WHERE s.id = ${standId} AND s.event_id = ${eventId}`.execute(db);
  return r.rows[0] ? toCompanyDoc(r.rows[0]) : undefined;
}

/** A stand's name, for its drawn logo. */
export async function standName(q: Q, standId: number): Promise<string | undefined> {
  return (await q.selectFrom('companies').select('name').where('id', '=', standId).executeTakeFirst())?.name;
}

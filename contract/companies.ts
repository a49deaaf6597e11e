import { Type } from '@sinclair/typebox';
import { LeadField } from './leads.ts';
import { RevField, defineCollection, type DocOf } from './schema.ts';

/**
 * Companies (stands) of an event (events.md §2, §3): the `companies` collection, not yet listed in
 * COLLECTIONS (entities.ts). Scoped per event (`?event_id=`), open to guests as the company list is.
 *
 * One document per stand, the same for every viewer except that a member who hides from visitor
 * lists (users.hide_from_visitors) appears only in their own copy. Its rev is the greatest rev of
 * the stand and of every member's user row, and any change of membership touches the stand (a
 * trigger in 005_tickets.sql), so renaming, hiding or leaving re-sends the stand.
 *
 * Stand groups of the old API are flattened: a stand is one document whatever group it was in.
 */

const Int = (max: number) => Type.Integer({ minimum: 0, maximum: max, multipleOf: 1 });

export const StandMember = Type.Object({
  user_id: Int(2147483647),
  first_name: Type.String(),
  last_name: Type.String(),
  position: Type.String(),
  /** Always a URL: the uploaded picture or the drawn /files/avatars/{id}.svg. */
  avatar: Type.String(),
  /** Stand managers see the Open Stand button (events.md §6). */
  is_manager: Type.Boolean(),
  /**
   * The member hides from visitor lists: only their own copy, the event's organisers' and the
   * stand's managers' carry them (server/domain/companies/feed.ts), so the editors see whom they edit.
   */
  hidden: Type.Boolean(),
});

export const CompaniesCollection = defineCollection({
  name: 'companies',
  // 1: members carry `hidden`; the stand's contacts and client_id. 2: `leads` for the stand's members.
  version: 2,
  schema: Type.Object({
    /** The stand id as a string. */
    id: Type.String(),
    stand_id: Int(2147483647),
    event_id: Int(2147483647),
    name: Type.String(),
    location: Type.String(),
    link: Type.String(),
    /** May be empty: the list shows a dash then (events.md §2). */
    description: Type.String(),
    /** The stand's public contacts, as its organisers or managers gave them; may be empty. */
    phone: Type.String(),
    email: Type.String(),
    /** As uploaded; empty when the stand has none, so screens can show their placeholder. */
    image: Type.String(),
    image_thumb: Type.String(),
    /** What to draw in any case: the thumbnail, the image, or the server's drawn placeholder logo. */
    logo: Type.String(),
    /** Display order within the event. */
    sort: Type.Integer({ minimum: -1e9, maximum: 1e9, multipleOf: 1 }),
    /** The command that made the stand on an organiser's device, or '': its queued copy is this one. */
    client_id: Type.String(),
    /** Every visible member in stand order; screens show COMPANY_USERS_PER_STAND of them in lists. */
    members: Type.Array(StandMember),
    /**
     * The stand's leads (contract/leads.ts), newest scan first, in the copies of the stand's
     * members only: every other viewer's copy, the organisers' too, leaves it out.
     */
    leads: Type.Optional(Type.Array(LeadField)),
    ...RevField,
  }),
  indexes: ['event_id', ['event_id', 'sort']],
});
export type CompanyDoc = DocOf<typeof CompaniesCollection>;
export type StandMemberDoc = CompanyDoc['members'][number];

/** The drawn logo the files routes serve for any stand; the placeholder when none was uploaded. */
export function placeholderLogo(standId: number): string {
  return `/files/logos/${standId}.svg`;
}

/** Whether the viewer manages the stand (the Open Stand button). Guests manage nothing. */
export function isStandManager(doc: Pick<CompanyDoc, 'members'>, viewerId: number | null | undefined): boolean {
  return viewerId != null && doc.members.some((m) => m.user_id === viewerId && m.is_manager);
}

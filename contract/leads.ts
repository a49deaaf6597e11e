import { Type, type Static } from '@sinclair/typebox';
import { CardFields, CONTACT_CODE_MAX, CONTACT_NOTE_MAX } from './contacts.ts';

/**
 * Leads at the stand (issue 31, exhibitors' lead retrieval). A stand's member scans a visitor's
 * contact code (contract/contacts.ts) at the stand, with or without a network; the scan travels
 * as `lead.scan` and, applied, makes the visitor one of the stand's leads, with what they share
 * (their privacy switches, as for a contact). The stand's leads ride in the stand's `companies`
 * document, in the copies of its members only (contract/companies.ts `leads`); everybody else's
 * copy has none. The visitor sees which stands hold their details and may withdraw them.
 *
 * Ticket codes are not leads yet: a ticket names its holder only on the door's list, which a
 * stand does not hold.
 */

/** 0: not rated; 1 to 5 stars. */
export const LEAD_RATING_MAX = 5;

export const LeadField = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    ...CardFields,
    /** When the stand first scanned the person (ISO 8601), on the server's clock. */
    scanned_at: Type.String(),
    /** The member whose scan was applied first. */
    scanned_by: Type.Integer({ minimum: 0, maximum: 2147483647 }),
    /** The stand's note, shared by its members; the visitor never sees it. */
    note: Type.String(),
    rating: Type.Integer({ minimum: 0, maximum: LEAD_RATING_MAX }),
  },
  { additionalProperties: false },
);
export type LeadField = Static<typeof LeadField>;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const LeadScanPayload = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: CONTACT_CODE_MAX }), company_id: Id },
  { additionalProperties: false },
);
export type LeadScanPayload = Static<typeof LeadScanPayload>;

/** A note, a rating or both; a field left out keeps what the stand has, so two members' edits of different fields both hold. */
export const LeadUpdatePayload = Type.Object(
  {
    company_id: Id,
    user_id: Id,
    note: Type.Optional(Type.String({ maxLength: CONTACT_NOTE_MAX })),
    rating: Type.Optional(Type.Integer({ minimum: 0, maximum: LEAD_RATING_MAX })),
  },
  { additionalProperties: false },
);
export type LeadUpdatePayload = Static<typeof LeadUpdatePayload>;

export const LeadRemovePayload = Type.Object({ company_id: Id, user_id: Id }, { additionalProperties: false });
export type LeadRemovePayload = Static<typeof LeadRemovePayload>;

/** The visitor takes their details back from a stand. */
export const LeadWithdrawPayload = Type.Object({ company_id: Id }, { additionalProperties: false });
export type LeadWithdrawPayload = Static<typeof LeadWithdrawPayload>;

/** GET /api/leads/mine: a stand that holds the signed-in person's details. */
export interface LeadStand {
  company_id: number;
  event_id: number;
  stand_name: string;
  event_name: string;
  scanned_at: string;
}

/** GET /api/events/:id/leads/counts: how many leads each stand has, for the organisers. */
export interface LeadCount {
  company_id: number;
  name: string;
  leads: number;
}

/** The refusals of lead commands; each names its field. */
export const LEAD_ERROR_CODES = {
  // The scanner is not (or no longer) a member of the stand: a queued scan made after being removed.
  lead_not_member: { legacyStatus: 403 },
  // A note, a rating or a removal for a person who is not the stand's lead.
  lead_not_found: { legacyStatus: 404 },
} as const;

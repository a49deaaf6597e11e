import { Type, type Static } from '@sinclair/typebox';

/**
 * Referrals (events.md §2 header link "referrers"; issue 16): a person's own link to an event, and the
 * people who signed up or got a ticket through it.
 */

/** The code in a referral link: `?ref=<code>` on an event page. */
export const REFERRAL_CODE_PATTERN = '^[a-f0-9]{12}$';
export const REFERRAL_PARAM = 'ref';
export const ReferralCode = Type.String({ pattern: REFERRAL_CODE_PATTERN, maxLength: 12 });

export function isReferralCode(v: unknown): v is string {
  return typeof v === 'string' && new RegExp(REFERRAL_CODE_PATTERN).test(v);
}

/** An existing account came to the event through the link (a new account says so at sign-up). */
export const ReferralClaimPayload = Type.Object(
  { code: ReferralCode, event_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);
export type ReferralClaimPayload = Static<typeof ReferralClaimPayload>;

/** A pending link is kept this long on a device before the person signs up or logs in. */
export const REFERRAL_KEEP_MS = 30 * 24 * 3600 * 1000;

/** People listed per event on the referrals page; the counts cover everybody. */
export const REFERRALS_LISTED = 100;

/** One person who came through the user's link, as GET /api/referrals lists them. */
export interface ReferredPerson {
  /** 0, with empty names, for a person who hides from visitor lists or whose account is closed. */
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string;
  via: 'signup' | 'link';
  /** Unix seconds when they came through the link. */
  at: number;
  has_ticket: boolean;
  /** Unix seconds when they got their ticket; 0 without one. */
  ticket_at: number;
}

/** GET /api/referrals: the user's code and, per event, who came through their links. */
export interface ReferralsAnswer {
  code: string;
  events: { event_id: number; name: string; signed_up: number; tickets: number; people: ReferredPerson[] }[];
}

export function referralLink(origin: string, locale: string, eventId: number, code: string): string {
  return `${origin}/${locale}/events/${eventId}?${REFERRAL_PARAM}=${code}`;
}

import { Type, type Static } from '@sinclair/typebox';
import { ED25519_SIGNATURE_BYTES, fromBase64Url, toBase64Url, type TicketKey } from './checkin.ts';
import { LiteralUnion } from './schema.ts';

/**
 * Meet by QR with no network (issue 31). Every signed-in person has a contact code, signed by the
 * server like a ticket, that carries what a scanner needs to show the contact offline: the person's
 * id and the details they share. A phone that scans it checks the signature with the server's
 * contact key (kept on the device with its own code) and has the contact at once; the scan travels
 * as a `contact.scan` command and, applied once, gives both people the contact.
 *
 * The QR payload is
 *
 *     FYC1.<card>.<signature>
 *
 * where <card> is base64url of the UTF-8 JSON array [id, first name, last name, company, position,
 * email, phone] and the signature is Ed25519 (64 bytes, base64url) by the contact key over
 * `foyer-contact-v1\n<card>`. An array, not an object, and texts cut to CARD_TEXT_MAX keep the
 * code small enough to scan from a phone screen; the server stores the full, current details.
 */

export const CONTACT_PAYLOAD_PREFIX = 'FYC1';
const SIGNING_CONTEXT = 'foyer-contact-v1';
/** Each text of the card in the code; the stored contact has the whole text. */
export const CARD_TEXT_MAX = 64;
/** Longest text a contact scan may carry: seven cut texts of up to 4 UTF-8 bytes, base64url, and the signature. */
export const CONTACT_CODE_MAX = 2600;
export const CONTACT_NOTE_MAX = 2000;

/** What a person shares with the people who scan their code, after their privacy switches. */
export interface ContactCard {
  user_id: number;
  first_name: string;
  last_name: string;
  company: string;
  position: string;
  /** Empty unless the person shows their email (show_email). */
  email: string;
  /** Empty when the person hides their phone (hide_phone). */
  phone: string;
}

/** The profile fields the card is made of, with the privacy switches that decide email and phone. */
export interface CardSource {
  id: number;
  first_name: string;
  last_name: string;
  company: string;
  position: string;
  email: string;
  phone: string;
  show_email: boolean;
  hide_phone: boolean;
}

/** The one place the privacy switches decide what a contact gets: the code and the server's store both use it. */
export function sharedCard(u: CardSource): ContactCard {
  return {
    user_id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    company: u.company,
    position: u.position,
    email: u.show_email ? u.email : '',
    phone: u.hide_phone ? '' : u.phone,
  };
}

/**
 * A card's texts as the server stored them or an answer carried them: stored JSON and answers may
 * carry anything, so a text that is missing or not a string reads as empty.
 */
export function cardTexts(value: unknown): Omit<ContactCard, 'user_id'> {
  const card = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const text = (key: keyof ContactCard) => (typeof card[key] === 'string' ? (card[key] as string) : '');
  return {
    first_name: text('first_name'),
    last_name: text('last_name'),
    company: text('company'),
    position: text('position'),
    email: text('email'),
    phone: text('phone'),
  };
}

const cut = (text: string) => [...text].slice(0, CARD_TEXT_MAX).join('');

/** The card's part of the code, the bytes the signature covers. */
export function encodeCard(card: ContactCard): string {
  const list = [card.user_id, card.first_name, card.last_name, card.company, card.position, card.email, card.phone].map((v) =>
    typeof v === 'string' ? cut(v) : v,
  );
  return toBase64Url(new TextEncoder().encode(JSON.stringify(list)));
}

export function contactSigningMessage(card: string): Uint8Array {
  return new TextEncoder().encode(`${SIGNING_CONTEXT}\n${card}`);
}

export function formatContactCode(card: string, signature: Uint8Array): string {
  return `${CONTACT_PAYLOAD_PREFIX}.${card}.${toBase64Url(signature)}`;
}

export interface ParsedContactCode {
  card: ContactCard;
  /** The encoded card as the code carries it: what was signed. */
  signed: string;
  signature: Uint8Array;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= CARD_TEXT_MAX * 2;

/** The code's parts, or null for anything that is not a well-formed contact code (a ticket, a link, noise). */
export function parseContactCode(raw: string): ParsedContactCode | null {
  const text = raw.trim();
  if (text.length > CONTACT_CODE_MAX) return null;
  const parts = text.split('.');
  if (parts.length !== 3 || parts[0] !== CONTACT_PAYLOAD_PREFIX) return null;
  const [, signed, sig] = parts as [string, string, string];
  const signature = fromBase64Url(sig);
  const bytes = fromBase64Url(signed);
  if (!signature || signature.length !== ED25519_SIGNATURE_BYTES || !bytes) return null;
  let list: unknown;
  try {
    list = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!Array.isArray(list) || list.length !== 7) return null;
  const [id, first_name, last_name, company, position, email, phone] = list as unknown[];
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id >= 2 ** 31) return null;
  if (!isText(first_name) || !isText(last_name) || !isText(company) || !isText(position) || !isText(email) || !isText(phone)) return null;
  return { card: { user_id: id, first_name, last_name, company, position, email, phone }, signed, signature };
}

type Subtle = typeof globalThis.crypto.subtle;
type Bytes = Parameters<Subtle['verify']>[2];

/** True only when the contact key signed exactly this card. Import the key with importTicketPublicKey (same Ed25519 form). */
export async function verifyContactCode(key: TicketKey, parsed: ParsedContactCode): Promise<boolean> {
  try {
    return await globalThis.crypto.subtle.verify({ name: 'Ed25519' }, key, parsed.signature as Bytes, contactSigningMessage(parsed.signed) as Bytes);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// The contact as a relations document carries it (contract/visitors.ts RelationsCollection).

/** A shared card's texts as a replicated document carries them: a contact here, a stand's lead (contract/leads.ts). */
export const CardFields = {
  first_name: Type.String(),
  last_name: Type.String(),
  company: Type.String(),
  position: Type.String(),
  /** Empty unless the person shows their email; the phone empty when they hide it. */
  email: Type.String(),
  phone: Type.String(),
};

export const ContactField = Type.Object(
  {
    ...CardFields,
    /** Where they met: the event of the first scan, and its name as of the pull. */
    event_id: Type.Integer({ minimum: 0 }),
    event_name: Type.String(),
    /** When they met (ISO 8601): the first scan, on the server's clock. */
    met_at: Type.String(),
    /** The owner's own note, seen by nobody else. */
    note: Type.String(),
  },
  { additionalProperties: false },
);
export type ContactField = Static<typeof ContactField>;

// ---------------------------------------------------------------------------------------------
// Commands

/**
 * Why a scan was made: meeting a person. A stand's lead is its own command (`lead.scan`,
 * contract/leads.ts), since it is the stand's and not the scanner's.
 */
export const CONTACT_SCAN_CONTEXTS = ['meet'] as const;

export const ContactScanPayload = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: CONTACT_CODE_MAX }),
    event_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    context: LiteralUnion(CONTACT_SCAN_CONTEXTS),
  },
  { additionalProperties: false },
);
export type ContactScanPayload = Static<typeof ContactScanPayload>;

const UserId = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const ContactRemovePayload = Type.Object({ user_id: UserId }, { additionalProperties: false });
export const ContactNotePayload = Type.Object({ user_id: UserId, note: Type.String({ maxLength: CONTACT_NOTE_MAX }) }, { additionalProperties: false });

/** The refusals of contact commands; each names its field (`code` of a scan, `user_id` of a note). */
export const CONTACT_ERROR_CODES = {
  // Not a Foyer contact code, or one whose signature does not hold (forged or damaged), or the code of an account that is gone.
  contact_code_invalid: { legacyStatus: 400 },
  // The person's own code.
  contact_self: { legacyStatus: 400 },
  // A note for somebody who is not (or no longer) a contact.
  contact_not_found: { legacyStatus: 404 },
} as const;

/** The form field each refusal belongs to, for the screens. */
export const CONTACT_ERROR_FIELDS: Record<keyof typeof CONTACT_ERROR_CODES, 'code' | 'user_id'> = {
  contact_code_invalid: 'code',
  contact_self: 'code',
  contact_not_found: 'user_id',
};

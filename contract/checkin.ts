import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion } from './schema.ts';
import { SCAN_RESULTS, type DoorScan, type DoorTicketDoc, type ScanResult } from './tickets.ts';
import { IsoTime } from './storable.ts';
import { IMPLICIT_LIST_ID, listAdmitsType, listPresence, type CheckinList } from './checkin-lists.ts';

/**
 * Door check-in with no network: the rules a door device applies to a scanned code, the same code
 * the server runs on every upload. Nothing here does I/O; signature checks use WebCrypto Ed25519
 * (`crypto.subtle`, in Node 20 and in Chromium since 137; browsers expose it in secure contexts
 * only, which an installed PWA always is).
 *
 * The QR payload of a ticket is
 *
 *     FYT1.<event id>.<ticket id>.<signature>.<code>
 *
 * where the signature is Ed25519 (64 bytes, base64url) by the event's key over
 * `foyer-ticket-v1\n<event id>\n<ticket id>\n<code>`. The code comes last so any code text fits.
 * A bare code (typed by hand, or an old printout) is accepted too, but only for tickets the device
 * knows: the code itself is the secret then.
 *
 * Product decision for a genuine ticket the device does not know (sold after its last download):
 * it is ADMITTED, marked `unlisted`. The promise is that the door works with no network, and a
 * buyer from this morning must get in; the signature proves the server issued it for this event.
 * What the device cannot know offline is a cancellation of a ticket it never saw; the server
 * records its own judgement beside the door's (`server_result`) and the organiser sees it after sync.
 *
 * Why a door device keeps working when two devices admit one ticket offline: neither can know. Both
 * records are kept; after sync the later scan (by scanned_at, then id) is flagged `duplicate_of` the
 * earlier one, whatever order the uploads arrived in, and the head count counts the ticket once.
 */

export const TICKET_PAYLOAD_PREFIX = 'FYT1';
const SIGNING_CONTEXT = 'foyer-ticket-v1';
export const ED25519_SIGNATURE_BYTES = 64;
export const ED25519_PUBLIC_KEY_BYTES = 32;
/** Longest text a scan may carry; a QR payload is about 120 characters. */
export const SCAN_CODE_MAX = 512;

// ---------------------------------------------------------------------------------------------
// base64url without Buffer, so the same code runs in the browser.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LOOKUP = new Map([...ALPHABET].map((c, i) => [c, i]));

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    // A short last group counts its missing bytes as zero bits and, unpadded, writes one
    // character more than it has bytes.
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const group = ALPHABET.charAt(n >> 18) + ALPHABET.charAt((n >> 12) & 63) + ALPHABET.charAt((n >> 6) & 63) + ALPHABET.charAt(n & 63);
    out += group.slice(0, Math.min(4, bytes.length - i + 1));
  }
  return out;
}

/** Strict: unpadded base64url only, with zero trailing bits, so one byte string has one text form. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let o = 0;
  for (const c of text) {
    const v = LOOKUP.get(c);
    if (v === undefined) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Payload

export function ticketSigningMessage(eventId: number, ticketId: number, code: string): Uint8Array {
  return new TextEncoder().encode(`${SIGNING_CONTEXT}\n${eventId}\n${ticketId}\n${code}`);
}

export function formatTicketPayload(eventId: number, ticketId: number, code: string, signature: Uint8Array): string {
  return `${TICKET_PAYLOAD_PREFIX}.${eventId}.${ticketId}.${toBase64Url(signature)}.${code}`;
}

export type ParsedTicketCode =
  | { kind: 'signed'; eventId: number; ticketId: number; code: string; signature: Uint8Array }
  | { kind: 'plain'; code: string }
  | { kind: 'empty' };

const ID = /^[1-9]\d{0,9}$/;

/**
 * Reads what the camera or the code field gave. A text that starts like a signed payload but does
 * not parse as one is still judged, as a plain code: it then matches no ticket and is refused as
 * unknown, never half-trusted.
 */
export function parseTicketPayload(raw: string): ParsedTicketCode {
  const text = raw.trim();
  if (!text) return { kind: 'empty' };
  const parts = text.split('.');
  if (parts[0] === TICKET_PAYLOAD_PREFIX && parts.length >= 5) {
    const [, e, t, sig] = parts as [string, string, string, string];
    const code = parts.slice(4).join('.');
    const signature = fromBase64Url(sig);
    if (ID.test(e) && ID.test(t) && Number(e) < 2 ** 31 && Number(t) < 2 ** 31 && code && signature?.length === ED25519_SIGNATURE_BYTES) {
      return { kind: 'signed', eventId: Number(e), ticketId: Number(t), code, signature };
    }
  }
  return { kind: 'plain', code: text };
}

/** The code a person would read on the ticket, for search and display. */
export function ticketCodeOf(parsed: ParsedTicketCode): string {
  return parsed.kind === 'empty' ? '' : parsed.code;
}

// ---------------------------------------------------------------------------------------------
// Keys and signatures

const ED25519 = { name: 'Ed25519' } as const;

/**
 * Web Crypto as both sides have it: the browser's DOM types and Node's globals name these types
 * differently, so they are taken from the one global both declare.
 */
type Subtle = typeof globalThis.crypto.subtle;
export type TicketKey = Awaited<ReturnType<Subtle['importKey']>>;
type Bytes = Parameters<Subtle['verify']>[2];

function subtle(): Subtle {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is not available (the door needs a secure context: https or localhost)');
  return s;
}

/** Imports the event's public key as served to door devices (32 raw bytes, base64url). */
export async function importTicketPublicKey(publicKey: string | Uint8Array): Promise<TicketKey> {
  const raw = typeof publicKey === 'string' ? fromBase64Url(publicKey) : publicKey;
  if (!raw || raw.length !== ED25519_PUBLIC_KEY_BYTES) throw new Error('not an Ed25519 public key');
  return subtle().importKey('raw', raw as Bytes, ED25519, false, ['verify']);
}

/** True only when the event's key signed exactly this (event, ticket, code). */
export async function verifyTicketSignature(key: TicketKey, parsed: Extract<ParsedTicketCode, { kind: 'signed' }>): Promise<boolean> {
  try {
    return await subtle().verify(ED25519, key, parsed.signature as Bytes, ticketSigningMessage(parsed.eventId, parsed.ticketId, parsed.code) as Bytes);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// The rules

/** A scan the device knows about: its own (uploaded or not) or one the server sent in a door ticket. */
export interface KnownScan {
  id: string;
  ticket_id: number | null;
  device_id: string;
  scanned_at_ms: number;
  result: ScanResult;
  /** The check-in list it was made on (0 or absent: the implicit one). */
  list_id?: number;
}

/** An entry, or an exit on a list that allows re-entry. */
export type ScanDirection = 'in' | 'out';

export interface ScanVerdict {
  result: ScanResult;
  admitted: boolean;
  /** The code as a person reads it ('' for an empty scan). */
  code: string;
  /** The ticket the scan is about, when genuine: from the device's list or from the signature. */
  ticketId: number | null;
  /** The device's copy of the ticket, when it has one (holder name, type). */
  ticket: DoorTicketDoc | null;
  /** Admitted on the strength of the signature alone: the device does not know this ticket. */
  unlisted: boolean;
  /** For already_used: the admission that used it (when and at which device). */
  usedBy: { scan_id: string; device_id: string; scanned_at_ms: number } | null;
}

export interface JudgeInput {
  /** The event this door admits to. */
  eventId: number;
  parsed: ParsedTicketCode;
  /**
   * For a signed payload: whether the event's key verifies it; null when the device has no key
   * (then only tickets it knows by code get in).
   */
  signatureValid: boolean | null;
  /** The device's copy of the ticket: by id for a signed payload, by code for a plain one. */
  ticket: DoorTicketDoc | undefined | null;
  /** Scans the device knows beside those inside `ticket` (its own, not yet back from the server). */
  scans?: readonly KnownScan[];
  /** The door's check-in list; absent or null: the implicit list, which admits every ticket once. */
  list?: CheckinList | null;
  direction?: ScanDirection;
  /** The event's date at the scan (YYYY-MM-DD in its time zone), for a list of one day. */
  today?: string;
}

function refuse(
  result: Exclude<ScanResult, 'admitted'>,
  code: string,
  ticket: DoorTicketDoc | null,
  ticketId: number | null,
  usedBy: ScanVerdict['usedBy'] = null,
): ScanVerdict {
  return { result, admitted: false, code, ticketId, ticket, unlisted: false, usedBy };
}

/**
 * The earliest admission of a ticket among the scans given: by scan time, then by id, so every
 * device and the server pick the same one.
 */
export function firstAdmission<T extends { id: string; scanned_at_ms: number; result: ScanResult }>(scans: readonly T[]): T | null {
  let first: T | null = null;
  for (const s of scans) {
    if (s.result !== 'admitted') continue;
    if (!first || s.scanned_at_ms < first.scanned_at_ms || (s.scanned_at_ms === first.scanned_at_ms && s.id < first.id)) first = s;
  }
  return first;
}

/**
 * Decides one scan, in this order: empty or unknown code; a signed code for another event; a
 * signature that does not verify (forged, or tampered with); a code that no longer matches its
 * ticket; a transferred, cancelled (or removed) ticket; a ticket marked invalid; a type or a day
 * the door's check-in list does not admit; a ticket already in on this list (admitted by this
 * device or, once synced, any other, and not checked out since where the list allows re-entry);
 * otherwise admitted. An exit (`direction: 'out'`) passes the same checks and is `checked_out`
 * when the ticket is in, `not_inside` when not.
 */
export function judgeScan(input: JudgeInput): ScanVerdict {
  const { parsed, eventId } = input;
  const code = ticketCodeOf(parsed);
  const ticket = input.ticket ?? null;
  if (parsed.kind === 'empty') return refuse('unknown', code, null, null);

  let ticketId: number;
  let unlisted = false;
  if (parsed.kind === 'signed') {
    if (parsed.eventId !== eventId) return refuse('wrong_event', code, null, null);
    if (input.signatureValid === false) return refuse('forged', code, null, null);
    if (input.signatureValid === null) {
      // No key on this device: the code alone must match a ticket it knows.
      if (!ticket || ticket.ticket_id !== parsed.ticketId || ticket.code !== parsed.code) return refuse('unknown', code, null, null);
    } else if (ticket && ticket.ticket_id === parsed.ticketId && ticket.code !== parsed.code) {
      // Genuinely signed, but the ticket has been given another code since: the old one is void.
      return refuse('invalid', code, ticket, ticket.ticket_id);
    }
    ticketId = parsed.ticketId;
    unlisted = !ticket || ticket.ticket_id !== parsed.ticketId;
  } else {
    if (!ticket || ticket.code !== parsed.code) return refuse('unknown', code, null, null);
    // Only the server can know another event's codes; a door device holds its own event's.
    if (ticket.event_id !== eventId) return refuse('wrong_event', code, null, null);
    ticketId = ticket.ticket_id;
  }
  const own = ticket && ticket.ticket_id === ticketId ? ticket : null;
  if (own && own.event_id !== eventId) return refuse('wrong_event', code, null, null);
  // A ticket its holder gave away says so: the person at the door holds the old code, and the
  // door can tell them why rather than a bare "cancelled". A door that has not pulled since the
  // transfer still holds the ticket as valid and admits it; the server then files that admission
  // among the conflicts (server/domain/checkin/repository.ts conflicts).
  if (own && own.status !== 'valid') return refuse(own.revoked === 'transferred' ? 'transferred' : 'cancelled', code, own, ticketId);
  if (own?.invalid) return refuse('invalid', code, own, ticketId);

  const list = input.list ?? null;
  // A ticket the device does not hold has no type it can check: its signature admits it, like
  // any ticket sold after the last download, and the server's own verdict says what it was.
  if (list && own && !listAdmitsType(list, own.type_id)) return refuse('not_on_list', code, own, ticketId);
  if (list?.day && input.today && list.day !== input.today) return refuse('wrong_day', code, own, ticketId);

  const listId = list?.id ?? IMPLICIT_LIST_ID;
  const known: KnownScan[] = [
    ...(own?.scans ?? []).map((s: DoorScan) => ({ ...s, ticket_id: ticketId })),
    ...(input.scans ?? []).filter((s) => s.ticket_id === ticketId),
  ].filter((s) => (s.list_id ?? IMPLICIT_LIST_ID) === listId);
  const { inside } = listPresence(known, list?.reentry ?? false);
  const usedBy = inside ? { scan_id: inside.id, device_id: inside.device_id, scanned_at_ms: inside.scanned_at_ms } : null;
  if (input.direction === 'out') {
    // An exit lets nobody in; it is judged only so the door can say whether the person was in.
    if (!inside) return refuse('not_inside', code, own, ticketId);
    return { result: 'checked_out', admitted: false, code, ticketId, ticket: own, unlisted, usedBy };
  }
  if (inside) return refuse('already_used', code, own, ticketId, usedBy);
  return { result: 'admitted', admitted: true, code, ticketId, ticket: own, unlisted, usedBy: null };
}

export interface ValidateInput {
  raw: string;
  eventId: number;
  /** The event's key (importTicketPublicKey); null when the device could not download it. */
  publicKey: TicketKey | null;
  /** Finds the device's copy of a ticket, by id for signed payloads and by code for plain ones. */
  lookup: (q: { ticketId: number } | { code: string }) => DoorTicketDoc | undefined | null | Promise<DoorTicketDoc | undefined | null>;
  scans?: readonly KnownScan[];
  list?: CheckinList | null;
  direction?: ScanDirection;
  today?: string;
}

/** parse + verify + judge: what the door runs for every scan. */
export async function validateScan(input: ValidateInput): Promise<ScanVerdict> {
  const parsed = parseTicketPayload(input.raw);
  let signatureValid: boolean | null = null;
  let ticket: DoorTicketDoc | undefined | null;
  if (parsed.kind === 'signed') {
    if (parsed.eventId === input.eventId && input.publicKey) signatureValid = await verifyTicketSignature(input.publicKey, parsed);
    ticket = await input.lookup({ ticketId: parsed.ticketId });
  } else if (parsed.kind === 'plain') {
    ticket = await input.lookup({ code: parsed.code });
  }
  return judgeScan({
    eventId: input.eventId,
    parsed,
    signatureValid,
    ticket,
    scans: input.scans,
    list: input.list,
    direction: input.direction,
    today: input.today,
  });
}

// ---------------------------------------------------------------------------------------------
// The command and the counts

/**
 * `ticket.scan`: one scan, admitted or refused, uploaded once (the command id is the scan id).
 * `event_id` (the door's event) and `result` (what the door decided) are optional so the minimal
 * {code, device_id, scanned_at} is accepted, but door devices should send both: without the event a
 * garbage code cannot be filed under any event, and without the door's decision the server can
 * only guess whether a person was let in (it then judges the scan itself, counting as "already
 * used" only earlier admissions by the same device).
 */
export const TicketScanPayload = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: SCAN_CODE_MAX }),
    device_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    /** ISO 8601, the device's clock at the scan (its own, not corrected: the door's log shows what it saw). */
    scanned_at: IsoTime(),
    event_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    result: Type.Optional(LiteralUnion(SCAN_RESULTS)),
    /** The door's check-in list (contract/checkin-lists.ts); absent or 0: the implicit list. */
    list_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    /** `out` records an exit on a list that allows re-entry; absent: an entry. */
    direction: Type.Optional(LiteralUnion(['in', 'out'] as const)),
  },
  { additionalProperties: false },
);
export type TicketScanPayload = Static<typeof TicketScanPayload>;

/**
 * One ticket the organiser should look at: admitted more than once ('duplicate'), or admitted after
 * its holder gave it to somebody else, by a door that had not yet pulled the transfer ('transferred').
 * GET /api/checkin/conflicts answers with whole scans; a door keeps only the parts it shows.
 */
export interface TicketConflict<Scan> {
  reason: 'duplicate' | 'transferred';
  ticket_id: number;
  code: string;
  holder_name: string;
  type: string;
  devices: string[];
  scans: Scan[];
}

export interface HeadCount {
  /** People admitted: each ticket once, however many devices admitted it. */
  admitted: number;
  /** Tickets admitted more than once (the conflicts list). */
  conflicts: number;
  /** Admissions beyond the first of their ticket. */
  duplicates: number;
}

/** The head count over door tickets as a device holds them. */
export function headCount(tickets: readonly Pick<DoorTicketDoc, 'scans'>[]): HeadCount {
  let admitted = 0;
  let conflicts = 0;
  let duplicates = 0;
  for (const t of tickets) {
    const n = t.scans.filter((s) => s.result === 'admitted').length;
    if (n > 0) admitted++;
    if (n > 1) {
      conflicts++;
      duplicates += n - 1;
    }
  }
  return { admitted, conflicts, duplicates };
}

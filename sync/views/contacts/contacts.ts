import { cardTexts, parseContactCode, verifyContactCode, type ContactCard } from '../../../contract/contacts.ts';
import { importTicketPublicKey } from '../../../contract/checkin.ts';
import type { RelationDoc } from '../../../contract/visitors.ts';
import type { OutboxDoc } from '../../engine/database.ts';
import { looseInt, looseObject, looseString } from '../../store/caches.ts';

/**
 * Contacts met by QR on the device (issue 31). The server's contacts ride in the `relations`
 * documents (contract/visitors.ts); what this device scanned, noted or removed and has not seen
 * come back in them yet is laid over them from the outbox, so a scan made with no network shows
 * at once, with the details its signed code carries, and a pull that brings the server's copy
 * replaces it without the person showing twice.
 */

/** The card the other person shares, with where and when the two met. */
export interface ContactView extends ContactCard {
  event_id: number;
  event_name: string;
  /** ISO 8601. */
  met_at: string;
  note: string;
  /** Made on this device and not back from the server yet. */
  unsent: boolean;
}

/** GET /api/contacts/code: the user's own code and what it shares, and the key every code is checked with. */
export interface ContactCodeCache {
  code: string;
  public_key: string;
  card: Omit<ContactCard, 'user_id'>;
}

export function toContactCode(data: unknown): ContactCodeCache {
  const d = looseObject(data);
  return { code: looseString(d.code), public_key: looseString(d.public_key), card: cardTexts(d.card) };
}

const CONTACT_KINDS = new Set(['contact.scan', 'contact.note', 'contact.remove']);
const IN_FLIGHT = new Set(['pending', 'sending', 'applied']);

/** The user's contacts: the server's, with this device's queued scans, notes and removals on top; newest meeting first. */
export function contactsOnDevice(relations: readonly RelationDoc[], outbox: readonly OutboxDoc[], eventNames: ReadonlyMap<number, string>): ContactView[] {
  const byUser = new Map<number, ContactView>();
  for (const r of relations) if (r.contact) byUser.set(r.user_id, { user_id: r.user_id, ...r.contact, unsent: false });
  const queued = outbox.filter((e) => CONTACT_KINDS.has(e.kind) && IN_FLIGHT.has(e.status)).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  for (const e of queued) {
    const p = looseObject(e.payload);
    if (e.kind === 'contact.scan') {
      const parsed = parseContactCode(looseString(p.code));
      if (!parsed || byUser.has(parsed.card.user_id)) continue;
      const eventId = looseInt(p.event_id);
      const { user_id, ...card } = parsed.card;
      byUser.set(user_id, { user_id, ...card, event_id: eventId, event_name: eventNames.get(eventId) ?? '', met_at: e.occurredAt, note: '', unsent: true });
    } else if (e.kind === 'contact.remove') {
      byUser.delete(looseInt(p.user_id));
    } else {
      const found = byUser.get(looseInt(p.user_id));
      if (found) byUser.set(found.user_id, { ...found, note: looseString(p.note).trim(), unsent: true });
    }
  }
  return [...byUser.values()].sort((a, b) => (a.met_at < b.met_at ? 1 : a.met_at > b.met_at ? -1 : a.user_id - b.user_id));
}

/** The events a queued scan names, whose names the device looks up. */
export function scannedEventIds(outbox: readonly OutboxDoc[]): number[] {
  return [...new Set(outbox.filter((e) => e.kind === 'contact.scan').map((e) => looseInt(looseObject(e.payload).event_id)))];
}

/** Case- and accent-insensitive search over the name, company, position, email, phone, event and note. */
export function searchContacts(list: readonly ContactView[], query: string): ContactView[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((c) => {
    const hay = fold([c.first_name, c.last_name, c.company, c.position, c.email, c.phone, c.event_name, c.note].join(' '));
    return words.every((w) => hay.includes(w));
  });
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

export type ScanVerdict =
  | { kind: 'added'; card: ContactCard }
  | { kind: 'known'; card: ContactCard }
  | { kind: 'refused'; reason: 'contact_code_invalid' | 'contact_self' | 'no_key' };

/**
 * Judges a scanned text on the device, with no network: a well-formed contact code whose signature
 * the server's contact key holds, of somebody else. The key comes with the user's own code; a device
 * that never fetched it cannot tell a genuine code yet.
 */
export async function judgeContactScan(raw: string, publicKey: string | null, meId: number, known: ReadonlySet<number>): Promise<ScanVerdict> {
  const parsed = parseContactCode(raw);
  if (!parsed) return { kind: 'refused', reason: 'contact_code_invalid' };
  if (!publicKey) return { kind: 'refused', reason: 'no_key' };
  let ok = false;
  try {
    ok = await verifyContactCode(await importTicketPublicKey(publicKey), parsed);
  } catch {
    ok = false;
  }
  if (!ok) return { kind: 'refused', reason: 'contact_code_invalid' };
  if (parsed.card.user_id === meId) return { kind: 'refused', reason: 'contact_self' };
  return known.has(parsed.card.user_id) ? { kind: 'known', card: parsed.card } : { kind: 'added', card: parsed.card };
}

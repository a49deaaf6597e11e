import { createHash, createPrivateKey, createPublicKey, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';
import {
  contactSigningMessage,
  encodeCard,
  formatContactCode,
  parseContactCode,
  type ContactCard,
  type ParsedContactCode,
} from '../../../contract/contacts.ts';
import type { Q } from '../../db/tx.ts';
import { ticketSigningSecret } from '../signing/keys.ts';

/**
 * Contact codes are signed like tickets (signing/keys.ts), from the same master secret, with a
 * key of their own (HKDF with another salt): a ticket key never signs a contact card and the other
 * way round. One key serves the whole deployment, since a contact code is not bound to an event: a
 * phone downloads its public key once with its own code and judges every code it scans offline.
 */

const SEED_BYTES = 32;
/** PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows it (RFC 8410). */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface ContactKey {
  privateKey: KeyObject;
  publicKeyObject: KeyObject;
  /** 32 raw bytes, base64url, as devices import it (contract/checkin.ts importTicketPublicKey). */
  publicKey: string;
}

const derived = new Map<string, ContactKey>();

export function contactKey(secret: Uint8Array): ContactKey {
  const id = createHash('sha256').update(secret).digest('hex');
  const hit = derived.get(id);
  if (hit) return hit;
  const seed = Buffer.from(hkdfSync('sha256', secret, 'foyer-contact-signing', 'contacts', SEED_BYTES));
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
  const publicKeyObject = createPublicKey(privateKey);
  const key: ContactKey = { privateKey, publicKeyObject, publicKey: String(publicKeyObject.export({ format: 'jwk' }).x) };
  // One master secret per process in practice; a test that switches secrets keeps a handful.
  if (derived.size > 16) derived.clear();
  derived.set(id, key);
  return key;
}

export function signContactCard(key: ContactKey, card: ContactCard): string {
  const encoded = encodeCard(card);
  return formatContactCode(encoded, new Uint8Array(sign(null, contactSigningMessage(encoded), key.privateKey)));
}

/** The card of a genuine code, or null for anything else (not a contact code, forged, damaged). */
export function verifiedCard(key: ContactKey, raw: string): ParsedContactCode | null {
  const parsed = parseContactCode(raw);
  if (!parsed) return null;
  return verify(null, contactSigningMessage(parsed.signed), key.publicKeyObject, parsed.signature) ? parsed : null;
}

export async function serverContactKey(q: Q): Promise<ContactKey> {
  return contactKey(await ticketSigningSecret(q));
}

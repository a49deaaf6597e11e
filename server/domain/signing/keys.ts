import { createHash, createPrivateKey, createPublicKey, hkdfSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { formatTicketPayload, ticketSigningMessage } from '../../../contract/checkin.ts';
import { TICKET_SEED_BYTES as SEED_BYTES } from '../../config.ts';
import type { Q } from '../../db/tx.ts';
import { offerSigningSeed, signingSeed } from './repository.ts';

/**
 * Ticket QR codes are signed with Ed25519 so a door device with no network can tell a genuine
 * ticket, even one sold after its last download, from a forged one (contract/checkin.ts).
 *
 * One master secret (TICKET_SIGNING_KEY, or generated once and kept in the database so every
 * instance signs alike) gives each event its own key pair by HKDF-SHA256. A door device holds only
 * its event's public key, and a code signed for one event never verifies at another's door even
 * before the event id in the payload is compared.
 */

/** PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows it (RFC 8410). */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

let configured: Uint8Array | undefined;

/**
 * Set from the app's config when the routes register. Process-wide on purpose: the sync feeds and
 * command handlers get only a database handle, and one process serves one configuration.
 */
export function configureTicketSigning(secret: Uint8Array | undefined): void {
  configured = secret;
}

/** The master secret: the configured one, else the database's, created by whichever instance asks first. */
export async function ticketSigningSecret(db: Q): Promise<Uint8Array> {
  if (configured) return configured;
  let seed = await signingSeed(db);
  if (!seed) {
    await offerSigningSeed(db, randomBytes(SEED_BYTES));
    seed = await signingSeed(db);
  }
  if (!seed || seed.length !== SEED_BYTES) throw new Error('ticket_signing_secret is missing or damaged');
  return new Uint8Array(seed);
}

export interface EventKey {
  eventId: number;
  privateKey: KeyObject;
  /** 32 raw bytes, base64url: what door devices import (contract/checkin.ts importTicketPublicKey). */
  publicKey: string;
}

/** Derived keys are pure functions of (secret, event); kept only to skip the derivation. */
const derived = new Map<string, EventKey>();
const DERIVED_CACHE_MAX = 1000;

export function eventKey(secret: Uint8Array, eventId: number): EventKey {
  const id = `${createHash('sha256').update(secret).digest('hex')}:${eventId}`;
  const hit = derived.get(id);
  if (hit) return hit;
  const seed = Buffer.from(hkdfSync('sha256', secret, 'foyer-ticket-signing', `event:${eventId}`, SEED_BYTES));
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const key: EventKey = { eventId, privateKey, publicKey: String(jwk.x) };
  if (derived.size >= DERIVED_CACHE_MAX) derived.clear();
  derived.set(id, key);
  return key;
}

/** The QR payload of a ticket: its code with the event key's signature over (event, ticket, code). */
export function signTicket(key: EventKey, ticketId: number, code: string): string {
  const signature = sign(null, ticketSigningMessage(key.eventId, ticketId, code), key.privateKey);
  return formatTicketPayload(key.eventId, ticketId, code, new Uint8Array(signature));
}

/** Signs many tickets with one secret lookup (a feed page, a list answer). */
export async function ticketSigner(db: Q): Promise<(eventId: number, ticketId: number, code: string) => string> {
  const secret = await ticketSigningSecret(db);
  return (eventId, ticketId, code) => signTicket(eventKey(secret, eventId), ticketId, code);
}

export async function eventPublicKey(db: Q, eventId: number): Promise<string> {
  return eventKey(await ticketSigningSecret(db), eventId).publicKey;
}

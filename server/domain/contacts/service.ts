import { sharedCard, type ContactScanPayload } from '../../../contract/contacts.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { requireEvent } from '../events/service.ts';
import { cardSourceOf, contactState, dropContact, storeContact, takesPart, writeNote } from './repository.ts';
import { serverContactKey, signContactCard, verifiedCard } from './signing.ts';

/**
 * Meet by QR (contract/contacts.ts). A scan is judged again here, whatever the scanning phone
 * decided offline: the signature, the account behind it, and the event. What each person gets is
 * what the other shares now (sharedCard over their profile and privacy switches), not what the
 * code carried: a switch turned off since the code was drawn holds on the server.
 */

/** The signed-in person's own code and the key that checks every code, for their device to keep. */
export async function ownContactCode(q: Q, userId: number): Promise<{ code: string; public_key: string; card: ReturnType<typeof sharedCard> } | null> {
  const source = await cardSourceOf(q, userId);
  if (!source) return null;
  const key = await serverContactKey(q);
  const card = sharedCard(source);
  return { code: signContactCard(key, card), public_key: key.publicKey, card };
}

/**
 * The card of a genuine contact code's person as they share it now (their privacy switches), for a
 * stand's lead (companies/leads.ts): refused at the code's field when the code is not genuine, is
 * the scanner's own, or names an account that is gone.
 */
export async function scannedCard(q: Q, actorId: number, code: string): Promise<ReturnType<typeof sharedCard>> {
  const parsed = verifiedCard(await serverContactKey(q), code);
  if (!parsed) throw new DomainError('contact_code_invalid', 'code');
  if (parsed.card.user_id === actorId) throw new DomainError('contact_self', 'code');
  const source = await cardSourceOf(q, parsed.card.user_id);
  if (!source) throw new DomainError('contact_code_invalid', 'code');
  return sharedCard(source);
}

/**
 * Both people become each other's contact, met at the event at the scan's time. Scanning each
 * other, or one code twice, finds the contact already there and changes nothing, so a pair is met
 * once whatever the order the scans arrive in. A side that removed the contact after the scan was
 * made keeps it removed: the scan was older than the removal.
 */
export async function scanContact(trx: Tx, actorId: number, p: ContactScanPayload, occurredAt: Date | null): Promise<Effect> {
  const parsed = verifiedCard(await serverContactKey(trx), p.code);
  if (!parsed) throw new DomainError('contact_code_invalid', 'code');
  const otherId = parsed.card.user_id;
  if (otherId === actorId) throw new DomainError('contact_self', 'code');
  await requireEvent(trx, p.event_id);
  if (!(await takesPart(trx, actorId, p.event_id))) throw new DomainError('participation_required', 'event_id');
  const [me, other] = await Promise.all([cardSourceOf(trx, actorId), cardSourceOf(trx, otherId)]);
  // A code of an account removed or disabled since it was drawn: nobody to meet any more.
  if (!other) throw new DomainError('contact_code_invalid', 'code');
  if (!me) throw new DomainError('forbidden');
  const at = occurredAt ?? new Date();
  const changed: number[] = [];
  for (const [owner, met, card] of [
    [actorId, otherId, sharedCard(other)],
    [otherId, actorId, sharedCard(me)],
  ] as const) {
    const state = await contactState(trx, owner, met);
    if (state?.contact_at) continue;
    if (state?.contact_removed_at && state.contact_removed_at >= at) continue;
    await storeContact(trx, owner, met, at, p.event_id, card);
    changed.push(owner);
  }
  if (changed.length === 0) return quiet([String(otherId)]);
  return { ids: [String(otherId)], collections: ['relations'], userIds: changed };
}

/** Removes the contact from the actor's list only; the other person keeps theirs. Removing twice is removing once. */
export async function removeContact(trx: Tx, actorId: number, otherId: number, occurredAt: Date | null): Promise<Effect> {
  if (otherId === actorId) throw new DomainError('invalid_input', 'user_id');
  const dropped = await dropContact(trx, actorId, otherId, occurredAt ?? new Date());
  return dropped ? { ids: [String(otherId)], collections: ['relations'], userIds: [actorId] } : quiet([String(otherId)]);
}

export async function noteContact(trx: Tx, actorId: number, otherId: number, note: string): Promise<Effect> {
  const done = await writeNote(trx, actorId, otherId, note.trim());
  if (done === 'none') throw new DomainError('contact_not_found', 'user_id');
  return done === 'written' ? { ids: [String(otherId)], collections: ['relations'], userIds: [actorId] } : quiet([String(otherId)]);
}

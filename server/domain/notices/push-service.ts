import { DomainError } from '../../../contract/errors.ts';
import type { PushSubscribePayload } from '../../../contract/push.ts';
import type { Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { removeSubscription, saveSubscription } from './push-repository.ts';

/**
 * A browser's Web Push subscription, kept or forgotten (the push.subscribe and push.unsubscribe
 * commands). Nothing a device holds changes, so the Effect announces nothing.
 */

/** A P-256 public key in uncompressed form is 65 bytes starting 0x04; the auth secret is 16 bytes. */
function keysHold(p256dh: string, auth: string): boolean {
  const key = Buffer.from(p256dh, 'base64url');
  return key.length === 65 && key[0] === 4 && Buffer.from(auth, 'base64url').length === 16;
}

/** `sessionHash` is the SHA-256 of the session token the command came with: the subscription ends with it. */
export async function subscribePush(trx: Tx, userId: number, sessionHash: Uint8Array | undefined, p: PushSubscribePayload): Promise<Effect> {
  // Only the sync route applies commands for a signed-in browser; elsewhere there is no browser to push to.
  if (!sessionHash) throw new DomainError('forbidden');
  // Keys that cannot encrypt would fail every push to this browser: refused now, where the device sees it.
  if (!keysHold(p.p256dh, p.auth)) throw new DomainError('push_subscription_invalid');
  await saveSubscription(trx, userId, sessionHash, p);
  return quiet();
}

export async function unsubscribePush(trx: Tx, userId: number, endpoint: string): Promise<Effect> {
  await removeSubscription(trx, userId, endpoint);
  return quiet();
}

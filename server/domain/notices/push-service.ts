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

/** Whether `endpoint` is on one of `hosts` (or below one): the only addresses the server will POST pushes to. */
export function atPushService(endpoint: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * `sessionHash` is the SHA-256 of the session token the command came with: the subscription ends
 * with it. `pushHosts` are the push services' hosts an endpoint may name (PUSH_SERVICE_HOSTS).
 */
export async function subscribePush(
  trx: Tx,
  userId: number,
  sessionHash: Uint8Array | undefined,
  pushHosts: readonly string[],
  p: PushSubscribePayload,
): Promise<Effect> {
  // Only the sync route applies commands for a signed-in browser; elsewhere there is no browser to push to.
  if (!sessionHash) throw new DomainError('forbidden');
  // The server will POST to the endpoint: anything but a push service (an internal address) is
  // refused here, and keys that cannot encrypt would fail every push; the device sees either now.
  if (!atPushService(p.endpoint, pushHosts) || !keysHold(p.p256dh, p.auth)) throw new DomainError('push_subscription_invalid');
  await saveSubscription(trx, userId, sessionHash, p);
  return quiet();
}

export async function unsubscribePush(trx: Tx, userId: number, endpoint: string): Promise<Effect> {
  await removeSubscription(trx, userId, endpoint);
  return quiet();
}

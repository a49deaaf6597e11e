import type { SyncStatus } from '../../data/api.ts';

/**
 * What the page knows about a newer build of the app:
 * - none: this tab runs the newest build it knows of;
 * - waiting: a new service worker is installed and waits for permission to take over;
 * - applying: this tab asked it to take over and reloads as soon as it does;
 * - activated: another tab let it take over, so this tab still runs the old code under the new worker
 *   and should reload when that is harmless.
 */
export type UpdatePhase = 'none' | 'waiting' | 'applying' | 'activated';

/**
 * A reload is harmless only when nothing is in flight and nothing waits to be sent: the sync is idle,
 * or there is no network and the outbox is empty. While the worker pulls or drains the outbox we keep
 * the prompt away, so a user never cuts a sync short by accepting an update.
 */
export function isSafeToUpdate(status: Pick<SyncStatus, 'state' | 'pending'>): boolean {
  return status.pending === 0 && (status.state === 'idle' || status.state === 'offline');
}

/** Whether the prompt shows: there is something to apply and applying it now would interrupt nothing. */
export function shouldOfferUpdate(phase: UpdatePhase, status: Pick<SyncStatus, 'state' | 'pending'>): boolean {
  if (phase === 'applying') return true;
  if (phase === 'none') return false;
  return isSafeToUpdate(status);
}

import type { ScopesDoc } from '../../../sync/engine/scoped.ts';
import { replicationKey } from '../../../sync/engine/scopes.ts';

/** When one event's scoped collection (its companies, the door's tickets) last caught up with the server on this device; null: not yet. */
export function syncedAtOf(scopes: ScopesDoc | null, collection: string, eventId: number): number | null {
  return scopes?.synced?.[replicationKey(collection, eventId)] ?? null;
}

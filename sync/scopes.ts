import type { MyEventDoc } from '../contract/entities.ts';
import { USER_SCOPED } from '../contract/entities.ts';

/**
 * How each replicated collection is scoped on this device:
 *
 * - public: one replication for everybody, guests included (events);
 * - user: one replication for the signed-in user, none for a guest (my_events, relations; later
 *   appointments, dialogs, messages, tickets);
 * - event: one replication per (collection, event), each with its own checkpoint, for the events
 *   a rule picks from the user's my_events documents (visitors; later comments, companies,
 *   schedule, door tickets). The server's feed of such a collection takes `event_id` and checks
 *   access itself; a 403 or 404 from it means the device must forget that event's documents.
 *
 * An event-scoped collection is declared here with its rule. The rule sees the server's my_events
 * document, never the overlay: a check-in queued offline does not make the feed answer until the
 * server has applied it, and my_events changes (and the replication starts) when it has.
 */

export type CollectionScope = 'public' | 'user' | 'event';

/** Which of the user's events an event-scoped collection replicates. */
export type EventScopeRule = (mine: MyEventDoc) => boolean;

/**
 * The user takes part in the event (ARCHITECTURE.md "the visitors of the events the user takes part
 * in"): checked in, holding a ticket or owning it, the same rule as the server's `participates`.
 * A favorite or a page view is not taking part, and moderating alone is not either.
 */
export const takesPart: EventScopeRule = (m) => m.checked_in || m.has_ticket || m.is_owner;

export const EVENT_SCOPES: Readonly<Record<string, EventScopeRule>> = {
  visitors: takesPart,
};

export function scopeOf(collection: string): CollectionScope {
  if (Object.hasOwn(EVENT_SCOPES, collection)) return 'event';
  return USER_SCOPED.has(collection) ? 'user' : 'public';
}

/** The event ids each event-scoped collection should replicate now, from the user's my_events. */
export function eventScopes(myEvents: readonly MyEventDoc[]): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const [collection, rule] of Object.entries(EVENT_SCOPES)) {
    const ids = new Set<number>();
    for (const m of myEvents) if (rule(m)) ids.add(m.event_id);
    out.set(collection, ids);
  }
  return out;
}

/** The key of one replication: the collection alone, or `visitors@42` for an event scope. */
export function replicationKey(collection: string, eventId?: number): string {
  return eventId === undefined ? collection : `${collection}@${eventId}`;
}

import type { MyEventDoc } from '../../contract/entities.ts';
import { USER_SCOPED } from '../../contract/entities.ts';

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
 *
 * Besides its rule, an event scope can be asked for by the device itself (sync/engine/scoped.ts
 * requestScope): a screen that opens an event's companies, or a door device that checks an event's
 * tickets (door staff have no my_events flag for it). A guest's device replicates the event scopes
 * whose feed is open to guests (companies) and leaves the others alone.
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

/**
 * The user may read the event's chat (server/domain/chat/access.ts mayReadSql): a ticket, owning or
 * moderating it, or a check-in — the server lets a check-in in only for a free event, which
 * my_events cannot tell, so a checked-in visitor of a paid event without a ticket gets a 403 from
 * the comments feed once and the device drops that scope until my_events moves.
 */
export const readsChat: EventScopeRule = (m) => m.has_ticket || m.is_owner || m.is_moderator || m.checked_in;

/** Only the events the device asks for. */
const onRequest: EventScopeRule = () => false;

export const EVENT_SCOPES: Readonly<Record<string, EventScopeRule>> = {
  visitors: takesPart,
  // The stands of the events opened on this device (a guest's too), the most recent ones kept.
  companies: onRequest,
  // The tickets of the events this device checks at the door, until it stops or access is lost.
  door_tickets: onRequest,
  // The recent window of the chats the user may read; older pages are fetched on demand.
  comments: readsChat,
  // The programme of the events the user takes part in; any other event's stage asks for it
  // (requestScope), since the programme is public and guests watch stages too.
  schedule: takesPart,
};

/** Event-scoped collections whose feed answers only to a session; a guest's device skips them. */
export const EVENT_SCOPE_NEEDS_USER: ReadonlySet<string> = new Set(['visitors', 'door_tickets', 'comments']);

/**
 * How many requested events a collection keeps on the device; asking for one more forgets the
 * least recently asked. Door scopes are kept until released: a door must never lose its tickets.
 */
export const SCOPE_REQUEST_KEEP: Readonly<Record<string, number>> = { companies: 10, schedule: 10 };

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

/**
 * The scopes a device asked for itself, key → epoch milliseconds of the latest request, trimmed to
 * SCOPE_REQUEST_KEEP per collection (the most recent kept). Keys that are not event scopes go.
 */
export function trimScopeRequests(items: Readonly<Record<string, number>>): Record<string, number> {
  const byCollection = new Map<string, [string, number][]>();
  for (const [key, at] of Object.entries(items)) {
    const [, collection] = /^([a-z_]+)@[1-9]\d{0,9}$/.exec(key) ?? [];
    if (!collection || !Object.hasOwn(EVENT_SCOPES, collection)) continue;
    const list = byCollection.get(collection) ?? [];
    list.push([key, at]);
    byCollection.set(collection, list);
  }
  const out: Record<string, number> = {};
  for (const [collection, list] of byCollection) {
    list.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    for (const [key, at] of list.slice(0, SCOPE_REQUEST_KEEP[collection] ?? Infinity)) out[key] = at;
  }
  return out;
}

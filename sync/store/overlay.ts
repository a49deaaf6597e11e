import type { EventDoc, MyEventDoc } from '../../contract/entities.ts';
import type { OutboxStatus } from '../engine/database.ts';

/**
 * Optimistic state: what the screens show is the server's documents with the user's queued
 * commands applied on top. Everything here is pure and builds new objects; nothing in this file
 * ever writes a client-only field into a replicated document.
 */

/** An event as screens see it: the public document plus the user's own relation and pending state. */
export interface EventView extends EventDoc {
  is_favorite: boolean;
  checked_in: boolean;
  /** The spec's checkin_status: the user holds a ticket. */
  has_ticket: boolean;
  is_owner: boolean;
  is_moderator: boolean;
  /** Unix seconds of the last view (local or from another device), 0 when never. */
  viewed_at: number;
  /** True while an outbox entry touching this event waits for the server. */
  pending: boolean;
}

/** What the overlay needs of an outbox entry. */
export interface QueuedCommand {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  seq: number;
  status: OutboxStatus;
}

/** A queued command as the screens that list it as not yet sent need it: why it was refused and when it was made. */
export interface DatedCommand extends QueuedCommand {
  code?: string;
  /** ISO 8601, when the user did it. */
  occurredAt: string;
}

/** Commands still expected to change what the server holds; a rejected or parked one changes nothing. */
export function isInFlight(cmd: QueuedCommand): boolean {
  return cmd.status === 'pending' || cmd.status === 'sending' || cmd.status === 'applied';
}

/**
 * An entry the server will not apply as it stands, waiting for the user: refused with a code, or
 * parked after the server failed on it (sync/engine/outbox.ts). Screens show both as not sent, with why.
 */
export function isStopped(status: OutboxStatus): boolean {
  return status === 'rejected' || status === 'parked';
}

export function commandEventId(cmd: Pick<QueuedCommand, 'kind' | 'payload'>): number | undefined {
  if (!cmd.kind.startsWith('event.')) return undefined;
  const id = cmd.payload.event_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

type Relation = Pick<EventView, 'is_favorite' | 'checked_in' | 'has_ticket' | 'is_owner' | 'is_moderator' | 'viewed_at'>;

export const NO_RELATION: Relation = {
  is_favorite: false,
  checked_in: false,
  has_ticket: false,
  is_owner: false,
  is_moderator: false,
  viewed_at: 0,
};

function relationOf(mine: MyEventDoc | undefined): Relation {
  if (!mine) return NO_RELATION;
  return {
    is_favorite: mine.is_favorite,
    checked_in: mine.checked_in,
    has_ticket: mine.has_ticket,
    is_owner: mine.is_owner,
    is_moderator: mine.is_moderator,
    viewed_at: mine.viewed_at,
  };
}

/**
 * One event as the user sees it. `commands` are this event's outbox entries in any order and any
 * status. Counts move only for commands the server has not applied yet: once applied, the event
 * document may already carry the new count while my_events still shows the old flag (the two
 * collections are pulled separately), and adjusting then would count the user twice.
 */
export function overlayEvent(event: EventDoc, mine: MyEventDoc | undefined, commands: readonly QueuedCommand[], localViewedAt = 0): EventView {
  const server = relationOf(mine);
  const rel: Relation = { ...server, viewed_at: Math.max(server.viewed_at, localViewedAt) };
  let favoritesCount = event.favorites_count;
  let totalPeople = event.total_people;
  let pending = false;
  const queued = commands.filter(isInFlight).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  for (const cmd of queued) {
    pending = true;
    const before = { favorite: rel.is_favorite, checkedIn: rel.checked_in };
    switch (cmd.kind) {
      case 'event.favorite':
        if (typeof cmd.payload.favorite === 'boolean') rel.is_favorite = cmd.payload.favorite;
        break;
      case 'event.checkin':
        rel.checked_in = true;
        break;
      case 'event.uncheckin':
        rel.checked_in = false;
        break;
      default:
        break;
    }
    if (cmd.status !== 'applied') {
      if (before.favorite !== rel.is_favorite) favoritesCount += rel.is_favorite ? 1 : -1;
      // The count is of participants (server events/repository recountPeople): a ticket holder or
      // the owner takes part already, and checking in or out does not change it.
      if (before.checkedIn !== rel.checked_in && !rel.has_ticket && !rel.is_owner) totalPeople += rel.checked_in ? 1 : -1;
    }
  }
  return {
    ...event,
    favorites_count: Math.max(0, favoritesCount),
    total_people: Math.max(0, totalPeople),
    ...rel,
    pending,
  };
}

/** Groups outbox entries by the event they touch. */
export function commandsByEvent(commands: readonly QueuedCommand[]): Map<number, QueuedCommand[]> {
  const out = new Map<number, QueuedCommand[]>();
  for (const cmd of commands) {
    const eventId = commandEventId(cmd);
    if (eventId === undefined) continue;
    const list = out.get(eventId);
    if (list) list.push(cmd);
    else out.set(eventId, [cmd]);
  }
  return out;
}

export interface JoinInput {
  events: readonly EventDoc[];
  myEvents: readonly MyEventDoc[];
  outbox: readonly QueuedCommand[];
  /** Event id → unix seconds of the last view on this device. */
  viewed: Record<string, number>;
  /** A guest (or a user whose session ended) sees no personal relation and no queued commands. */
  signedIn: boolean;
}

export function joinEvents(input: JoinInput): EventView[] {
  const mineById = new Map<number, MyEventDoc>();
  const byEvent = input.signedIn ? commandsByEvent(input.outbox) : new Map<number, QueuedCommand[]>();
  if (input.signedIn) for (const m of input.myEvents) mineById.set(m.event_id, m);
  return input.events.map((e) => overlayEvent(e, mineById.get(e.event_id), byEvent.get(e.event_id) ?? [], input.viewed[String(e.event_id)] ?? 0));
}

import { map, type Observable } from 'rxjs';
import type { TicketDoc } from '../../../contract/tickets.ts';
import { OPEN_WAITLIST_STATES, type WaitlistState } from '../../../contract/waitlist.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { isInFlight, isStopped, type QueuedCommand } from '../../store/overlay.ts';

/**
 * The person's places in waitlists on the device (contract/waitlist.ts): the `waitlist` documents of
 * their tickets collection with their queued join and leave commands laid over them, so joining
 * offline shows at once as waiting (its place known once the server has it), and a refused join
 * stays with its reason until dismissed. Pure apart from the observers at the end.
 */

/** The person's commands (join, leave) and the organiser's (offer, remove, settings). */
export const WAITLIST_KINDS = ['waitlist.join', 'waitlist.leave', 'waitlist.offer', 'waitlist.remove', 'waitlist.settings'] as const;

export interface WaitlistPlace {
  eventId: number;
  typeId: number;
  /** The type's name and price as the server last sent them ('' and 0 before it has). */
  typeName: string;
  /** The event in brief, as the server sent it; null for a join queued before the server answered. */
  event: TicketDoc['event'] | null;
  state: WaitlistState;
  /** Place in line while waiting (1 is next); 0 when not known yet (queued offline) or not waiting. */
  place: number;
  offerKey: string;
  /** Unix seconds; 0 without an open offer. */
  offerExpires: number;
  /** A join or leave of this line waits for the server. */
  pending: boolean;
  refused: { code: string; commandId: string } | null;
}

type Queued = QueuedCommand & { code?: string };
const key = (eventId: number, typeId: number) => `${eventId}:${typeId}`;

export function isOpen(state: WaitlistState): boolean {
  return OPEN_WAITLIST_STATES.includes(state);
}

/** One place per event and type: the newest entry the server sent, then the queued commands in order. */
export function waitlistPlaces(docs: readonly TicketDoc[], commands: readonly Queued[]): WaitlistPlace[] {
  const out = new Map<string, WaitlistPlace>();
  for (const d of [...docs].sort((a, b) => a.waitlist.entry_id - b.waitlist.entry_id)) {
    const w = d.waitlist;
    out.set(key(d.event_id, w.type_id), {
      eventId: d.event_id,
      typeId: w.type_id,
      typeName: d.type,
      event: d.event,
      state: w.state,
      place: w.place,
      offerKey: w.offer_key,
      offerExpires: w.offer_expires,
      pending: false,
      refused: null,
    });
  }
  for (const c of [...commands].filter((x) => x.kind === 'waitlist.join' || x.kind === 'waitlist.leave').sort((a, b) => a.seq - b.seq)) {
    const eventId = Number(c.payload.event_id);
    const typeId = Number(c.payload.type_id);
    const k = key(eventId, typeId);
    const before = out.get(k);
    const base: WaitlistPlace = before ?? {
      eventId,
      typeId,
      typeName: '',
      event: null,
      state: 'left',
      place: 0,
      offerKey: '',
      offerExpires: 0,
      pending: false,
      refused: null,
    };
    if (isStopped(c.status)) {
      out.set(k, { ...base, refused: { code: c.code ?? 'unknown_error', commandId: c.id } });
      continue;
    }
    if (!isInFlight(c)) continue;
    const pending = c.status !== 'applied';
    if (c.kind === 'waitlist.join' && !isOpen(base.state))
      out.set(k, { ...base, state: 'waiting', place: 0, offerKey: '', offerExpires: 0, pending, refused: null });
    else if (c.kind === 'waitlist.leave' && isOpen(base.state))
      out.set(k, { ...base, state: 'left', place: 0, offerKey: '', offerExpires: 0, pending, refused: null });
    else if (pending) out.set(k, { ...base, pending });
  }
  return [...out.values()];
}

/** The places of one event, by type. */
export function placesOfEvent(places: readonly WaitlistPlace[], eventId: number): Map<number, WaitlistPlace> {
  return new Map(places.filter((p) => p.eventId === eventId).map((p) => [p.typeId, p]));
}

/** An offer that is open on this device's clock. */
export function openOffer(p: WaitlistPlace | undefined, nowMs: number): boolean {
  return p?.state === 'offered' && p.offerKey !== '' && p.offerExpires * 1000 > nowMs;
}

/**
 * The organiser's waitlist commands of one event not yet applied: the entries they act on show as
 * waiting to be sent, and the online list is read again once none is left.
 */
export function organiserWaitlistQueue(commands: readonly Queued[], eventId: number): { entryIds: Set<number>; count: number; refused: Queued[] } {
  const mine = commands.filter((c) => c.kind !== 'waitlist.join' && c.kind !== 'waitlist.leave' && Number(c.payload.event_id) === eventId);
  const flying = mine.filter((c) => c.status === 'pending' || c.status === 'sending');
  return {
    entryIds: new Set(flying.map((c) => Number(c.payload.entry_id)).filter((x) => x > 0)),
    count: flying.length,
    refused: mine.filter((c) => isStopped(c.status)),
  };
}

export function observeWaitlistDocs(db: FoyerDatabase): Observable<TicketDoc[]> {
  return db.tickets.find({ selector: { kind: 'waitlist' } }).$.pipe(map((list) => list.map((d) => d.toJSON() as TicketDoc)));
}

export function observeWaitlistCommands(db: FoyerDatabase): Observable<Queued[]> {
  return db.outbox.find({ selector: { kind: { $in: [...WAITLIST_KINDS] } } }).$.pipe(map((list) => list.map((d) => d.toJSON() as OutboxDoc)));
}

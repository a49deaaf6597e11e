import { combineLatest, map, type Observable } from 'rxjs';
import type { MyEventDoc } from '../../../contract/entities.ts';
import { NO_TRIP, TRIP_FIELDS, type OwnTrip } from '../../../contract/trips.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { isInFlight } from '../../store/overlay.ts';

/**
 * The user's own trip plan for an event (issue 16): the my_events document's `trip` with the queued
 * trip.save commands laid over it, field by field in outbox order, so an edit made offline shows at
 * once, survives a reload and reaches the server once.
 */

export interface OwnTripView {
  trip: OwnTrip;
  /** Fields whose change waits in the outbox. */
  pending: ReadonlySet<string>;
  /** The device holds the user's my_events document of the event (the plan as the server has it). */
  known: boolean;
}

export function overlayTrip(doc: Pick<MyEventDoc, 'trip'> | null, commands: readonly Pick<OutboxDoc, 'payload' | 'status' | 'seq' | 'id'>[]): OwnTripView {
  const trip: OwnTrip = { ...(doc?.trip ?? NO_TRIP) };
  const pending = new Set<string>();
  const queued = commands.filter((c) => isInFlight(c as OutboxDoc)).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  for (const c of queued) {
    for (const f of TRIP_FIELDS) {
      const v = c.payload[f];
      if (typeof v !== 'string') continue;
      trip[f] = v;
      if (c.status !== 'applied') pending.add(f);
    }
  }
  return { trip, pending, known: doc !== null };
}

export function observeOwnTrip(db: FoyerDatabase, eventId: number): Observable<OwnTripView> {
  const doc$ = db.my_events.findOne(String(eventId)).$.pipe(map((d) => (d ? (d.toJSON() as MyEventDoc) : null)));
  const commands$ = db.outbox
    .find({ selector: { kind: 'trip.save' } })
    .$.pipe(map((l) => l.map((d) => d.toJSON() as OutboxDoc).filter((c) => c.payload.event_id === eventId)));
  return combineLatest([doc$, commands$]).pipe(map(([doc, commands]) => overlayTrip(doc, commands)));
}

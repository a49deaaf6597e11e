import { combineLatest, map, type Observable } from 'rxjs';
import type { MyEventDoc } from '../../../contract/entities.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { isInFlight } from '../../store/overlay.ts';

/**
 * The speeches the user starred (issue 16): the my_events documents' `starred`, with the queued
 * speech.star commands laid over them, so a star given offline shows at once, survives a reload and
 * reaches the server once. The live stage's star buttons and the calendar read it.
 */

export interface EventStars {
  starred: ReadonlySet<number>;
  /** Speeches whose star waits in the outbox. */
  pending: ReadonlySet<number>;
}
export type StarsByEvent = ReadonlyMap<number, EventStars>;

const NONE: EventStars = { starred: new Set(), pending: new Set() };

export function starsOf(all: StarsByEvent, eventId: number): EventStars {
  return all.get(eventId) ?? NONE;
}

/** Queued commands apply in outbox order on top of what the server sent. */
export function overlayStars(
  myEvents: readonly Pick<MyEventDoc, 'event_id' | 'starred'>[],
  commands: readonly Pick<OutboxDoc, 'payload' | 'status' | 'seq' | 'id'>[],
): StarsByEvent {
  const out = new Map<number, { starred: Set<number>; pending: Set<number> }>();
  const of = (eventId: number) => {
    let e = out.get(eventId);
    if (!e) {
      e = { starred: new Set(), pending: new Set() };
      out.set(eventId, e);
    }
    return e;
  };
  for (const m of myEvents) if (m.starred.length) for (const id of m.starred) of(m.event_id).starred.add(id);
  const queued = commands.filter((c) => isInFlight(c as OutboxDoc)).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  for (const c of queued) {
    const { event_id, speech_id, starred } = c.payload as { event_id?: unknown; speech_id?: unknown; starred?: unknown };
    if (typeof event_id !== 'number' || typeof speech_id !== 'number') continue;
    const e = of(event_id);
    if (starred === true) e.starred.add(speech_id);
    else e.starred.delete(speech_id);
    if (c.status !== 'applied') e.pending.add(speech_id);
  }
  return out;
}

export function observeStars(db: FoyerDatabase): Observable<StarsByEvent> {
  const mine$ = db.my_events.find().$.pipe(map((l) => l.map((d) => d.toJSON() as MyEventDoc)));
  const commands$ = db.outbox.find({ selector: { kind: 'speech.star' } }).$.pipe(map((l) => l.map((d) => d.toJSON() as OutboxDoc)));
  return combineLatest([mine$, commands$]).pipe(map(([mine, commands]) => overlayStars(mine, commands)));
}

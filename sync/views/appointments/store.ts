import { combineLatest, distinctUntilChanged, filter, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import type { AppointmentDoc } from '../../../contract/appointments.ts';
import type { EventDoc } from '../../../contract/entities.ts';
import { APPOINTMENT_COMMAND_KINDS, overlayAppointments, type AppointmentCommand, type AppointmentView, type PersonCard } from './overlay.ts';
import type { CachedDaySlots, MeetingGrid, ServerSlot } from './slots.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { eventOfVisitorId, rowsOf, type VisitorPageDoc } from '../../engine/visitor-pages.ts';
import { modifyLocal, observeLocal, readLocal } from '../../store/local.ts';
import { observeSession } from '../../store/observe.ts';

/**
 * Live reads of the appointment screens and of the worker's notification clock, shared with the
 * node tests: RxDB queries joined with the visitors documents (the other person's card and role)
 * and overlaid with the queued appointment commands.
 *
 * The answers of meetings/get-meeting-data are kept in local documents, so the appointment modal
 * offline shows the last slot grid and the other person's last known busy times:
 *   appointments:grid:<eventId>                      the event's days, slots, places and tables
 *   appointments:slots:<eventId>:<userId>:<day>      the statuses for one person and day
 */

const docs = <T>(list: { toJSON(): unknown }[]) => list.map((d) => d.toJSON() as T);

function signedInUser$(db: FoyerDatabase): Observable<number | null> {
  return observeSession(db).pipe(
    map((s) => (s.user && !s.ended ? s.user.id : null)),
    distinctUntilChanged(),
  );
}

export function observeAppointmentCommands(db: FoyerDatabase): Observable<AppointmentCommand[]> {
  return db.outbox.find({ selector: { kind: { $in: [...APPOINTMENT_COMMAND_KINDS] } } }).$.pipe(map((l) => docs<OutboxDoc>(l)));
}

/** The user's appointments with their queued commands applied; empty for a guest. */
export function observeAppointmentViews(db: FoyerDatabase): Observable<{ viewerId: number | null; views: AppointmentView[] }> {
  return signedInUser$(db).pipe(
    switchMap((viewerId) => {
      if (viewerId === null) return of({ viewerId, views: [] as AppointmentView[] });
      const docs$ = db.appointments.find().$.pipe(map((l) => docs<AppointmentDoc>(l)));
      const base$ = combineLatest([docs$, observeAppointmentCommands(db)]).pipe(shareReplay({ bufferSize: 1, refCount: true }));
      // Only the people and events the appointments name are read, by primary key, and the
      // queries are rebuilt only when that set changes.
      const lookups$ = base$.pipe(
        map(([list, commands]) => lookupKeys(list, commands)),
        distinctUntilChanged((a, b) => a.key === b.key),
        switchMap((keys) => lookups(db, keys)),
      );
      return combineLatest([base$, lookups$]).pipe(
        // Until the lookups of a new person or event arrive, the old ones would show a request to
        // somebody without a name; wait the few milliseconds instead.
        filter(([[list, commands], found]) => found.key === lookupKeys(list, commands).key),
        map(([[list, commands], { people, events }]) => ({
          viewerId,
          views: overlayAppointments({
            docs: list,
            commands,
            viewerId,
            person: (eventId, userId) => people.get(`${eventId}:${userId}`),
            event: (eventId) => events.get(eventId),
          }),
        })),
      );
    }),
  );
}

interface LookupKeys {
  people: string[];
  events: string[];
  key: string;
}

function lookupKeys(list: readonly AppointmentDoc[], commands: readonly AppointmentCommand[]): LookupKeys {
  const people = new Set<string>();
  const events = new Set<string>();
  for (const d of list) people.add(`${d.event_id}:${d.other_user_id}`);
  for (const c of commands) {
    const e = c.payload.event_id;
    const u = c.payload.user_id;
    if (typeof e === 'number' && typeof u === 'number') {
      people.add(`${e}:${u}`);
      events.add(String(e));
    }
  }
  const p = [...people].sort();
  const e = [...events].sort();
  return { people: p, events: e, key: `${p.join(',')}|${e.join(',')}` };
}

interface Lookups {
  key: string;
  people: Map<string, { card: PersonCard; role: string }>;
  events: Map<number, EventDoc>;
}

function lookups(db: FoyerDatabase, { people: visitorIds, events: eventIds, key }: LookupKeys): Observable<Lookups> {
  const wanted = new Set(visitorIds);
  const visitorEvents = [...new Set(visitorIds.map(eventOfVisitorId).filter((e) => e !== null))];
  const people$ = visitorIds.length
    ? db.visitors.find({ selector: { event_id: { $in: visitorEvents } } }).$.pipe(
        map((pages) => {
          const out = new Map<string, { card: PersonCard; role: string }>();
          for (const v of rowsOf(pages.map((p) => p.toJSON() as VisitorPageDoc))) {
            if (!wanted.has(v.id)) continue;
            out.set(v.id, {
              card: {
                user_id: v.user_id,
                first_name: v.first_name,
                last_name: v.last_name,
                avatar: v.avatar,
                position: v.position,
                company: v.company,
                phone: v.phone,
              },
              role: v.role || 'visitor',
            });
          }
          return out;
        }),
        // Every page of the event is written during a first sync; the few people asked for rarely change.
        distinctUntilChanged((a, b) => JSON.stringify([...a]) === JSON.stringify([...b])),
      )
    : of(new Map<string, { card: PersonCard; role: string }>());
  const events$ = eventIds.length
    ? db.events.findByIds(eventIds).$.pipe(map((found) => new Map([...found.values()].map((d) => d.toJSON() as EventDoc).map((e) => [e.event_id, e] as const))))
    : of(new Map<number, EventDoc>());
  return combineLatest([people$, events$]).pipe(map(([people, events]) => ({ key, people, events })));
}

// ---- cached availability ----

export const gridId = (eventId: number) => `appointments:grid:${eventId}`;
export const daySlotsId = (eventId: number, userId: number, day: string) => `appointments:slots:${eventId}:${userId}:${day}`;

export function observeGrid(db: FoyerDatabase, eventId: number): Observable<MeetingGrid | null> {
  return observeLocal<MeetingGrid>(db, gridId(eventId));
}

export function observeDaySlots(db: FoyerDatabase, eventId: number, userId: number, day: string): Observable<CachedDaySlots | null> {
  return observeLocal<CachedDaySlots>(db, daySlotsId(eventId, userId, day));
}

/** A get-meeting-data answer, as the legacy call returns it (its `data`). */
export interface AvailabilityAnswer {
  dates: string[];
  meetingAllowTimes: { day: string; times: ServerSlot[] };
  timezone_obj: { timezone: string };
  placeItems: Record<string, string>;
  slot_minutes?: number;
  tables_count?: number;
}

export function isAvailabilityAnswer(v: unknown): v is AvailabilityAnswer {
  const a = v as Partial<AvailabilityAnswer> | null;
  return Boolean(
    a &&
      Array.isArray(a.dates) &&
      a.meetingAllowTimes &&
      Array.isArray(a.meetingAllowTimes.times) &&
      a.timezone_obj &&
      typeof a.timezone_obj.timezone === 'string',
  );
}

/** Folds one answer into the event's grid and the person's day; older grid days are kept. */
export async function storeAvailability(db: FoyerDatabase, eventId: number, userId: number, answer: AvailabilityAnswer, fetchedAt = Date.now()): Promise<void> {
  const day = answer.meetingAllowTimes.day;
  const times = answer.meetingAllowTimes.times.map((s) => ({
    start: s.start,
    end: s.end,
    status: s.status,
    exist_tables: s.exist_tables,
    exist_other_place: s.exist_other_place,
    ...(s.meeting_id ? { meeting_id: s.meeting_id } : {}),
  }));
  const empty: MeetingGrid = { fetchedAt, dates: [], timezone: '', placeItems: {}, slot_minutes: 0, tables_count: 0, days: {} };
  await modifyLocal<MeetingGrid>(db, gridId(eventId), empty, (g) => {
    const days: Record<string, { start: number; end: number }[]> = {};
    // Days the event no longer offers are dropped with the rest of the old answer.
    for (const d of answer.dates) {
      const kept = g.days[d];
      if (kept) days[d] = kept;
    }
    if (answer.dates.includes(day)) days[day] = times.map((s) => ({ start: s.start, end: s.end }));
    return {
      fetchedAt,
      dates: answer.dates,
      timezone: answer.timezone_obj.timezone,
      placeItems: answer.placeItems ?? {},
      slot_minutes: answer.slot_minutes ?? g.slot_minutes,
      tables_count: answer.tables_count ?? g.tables_count,
      days,
    };
  });
  await modifyLocal<CachedDaySlots>(db, daySlotsId(eventId, userId, day), { fetchedAt, times }, () => ({ fetchedAt, times }));
}

// ---- what the dashboard has already told the user about ----

export const LOCAL_APPOINTMENTS_SEEN = 'appointments:seen';

/** Per appointment id, the signature of its last state the user was told about (workers/clock.ts). */
export interface SeenDoc {
  userId: number;
  /** Epoch ms when this device started the record for this user. */
  since: number;
  items: Record<string, string>;
}

export function readSeen(db: FoyerDatabase): Promise<SeenDoc | null> {
  return readLocal<SeenDoc>(db, LOCAL_APPOINTMENTS_SEEN);
}

export function writeSeen(db: FoyerDatabase, seen: SeenDoc): Promise<SeenDoc> {
  return modifyLocal<SeenDoc>(db, LOCAL_APPOINTMENTS_SEEN, seen, () => seen);
}

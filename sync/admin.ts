import { map, type Observable } from 'rxjs';
import { EVENT_FIELD_NAMES, type EventFieldName, type EventFields, type EventStatus } from '../contract/admin.ts';
import { EVENT_PICTURE_PATH } from '../contract/admin-refs.ts';
import { ADMIN_COMMAND_KINDS } from '../contract/commands.ts';
import type { EventDoc } from '../contract/entities.ts';
import type { FoyerDatabase, OutboxDoc } from './engine/database.ts';
import { isInFlight, isStopped, type EventView, type QueuedCommand } from './store/overlay.ts';

/**
 * The organiser's admin area on the device (src/features/admin): the events the user organises,
 * read from the local events documents (drafts reach only organisers' devices, and the
 * organisers' part of each document is filled only in their copies), with the user's queued admin
 * commands laid over them, so an edit made offline shows at once and is applied once later.
 */

export type AdminListState = EventStatus | 'past';

/** Where an event sits in the organiser's list: a finished event is past, whatever its state. */
export function listState(e: Pick<EventDoc, 'status' | 'when_end'>, now: number): AdminListState {
  if (e.status === 'draft') return 'draft';
  if (e.status === 'cancelled') return 'cancelled';
  return e.when_end < now ? 'past' : 'published';
}

/** The editable fields as the document carries them. */
export function fieldsOf(e: EventDoc): EventFields {
  return {
    name: e.name,
    category_id: e.category_id,
    description: e.description,
    is_webinar: e.is_webinar,
    place_name: e.place.name,
    address: e.place.address || e.address,
    city: e.city_name,
    map_point: e.map_point.set ? { lat: e.map_point.lat, lng: e.map_point.lng } : null,
    timezone: e.timezone,
    starts_at: e.when,
    ends_at: e.when_end,
    stream_url: e.admin.stream_url,
    video_type: (e.video_type === 1 || e.video_type === 2 ? e.video_type : 0) as EventFields['video_type'],
    broadcast_background: e.options.broadcast_background,
    is_free: e.is_free,
  };
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields that differ between two versions of an event. */
export function changedFields(from: EventFields, to: EventFields): EventFieldName[] {
  return EVENT_FIELD_NAMES.filter((k) => !sameValue(from[k], to[k]));
}

/** Only the changed fields, as event.update carries them. */
export function patchOf(from: EventFields, to: EventFields): Partial<EventFields> {
  const out: Record<string, unknown> = {};
  for (const k of changedFields(from, to)) out[k] = to[k];
  return out as Partial<EventFields>;
}

/**
 * The form's check before it overwrites: fields somebody else changed since the form was opened
 * (the document moved away from what the form started from) that this form also changed to
 * something else. Fields only the other person changed are simply taken into the form.
 */
export function conflicts(base: EventFields, server: EventFields, edited: EventFields): EventFieldName[] {
  return EVENT_FIELD_NAMES.filter((k) => !sameValue(base[k], server[k]) && !sameValue(base[k], edited[k]) && !sameValue(server[k], edited[k]));
}

export interface AdminEventView {
  event: EventView;
  fields: EventFields;
  status: EventStatus;
  state: AdminListState;
  /** Queued admin commands of this event wait for the server. */
  pending: boolean;
  /** The latest queued admin command of this event that the server refused, with its code. */
  refused: { kind: string; code: string } | null;
  /** The uploaded poster's address, or '' for the drawn one. */
  poster: string;
}

/** The uploaded poster a document shows ('' when it shows the drawn one). */
export function posterOf(e: Pick<EventDoc, 'poster_big'>): string {
  return e.poster_big.startsWith(EVENT_PICTURE_PATH) ? e.poster_big.replace(/\?.*$/, '') : '';
}

const ADMIN_KINDS = new Set(['event.update', 'event.status', 'event.delete', 'event.role', 'event.poster']);

/** An organised event with the user's queued admin commands applied on top, in queue order. */
export function adminView(event: EventView, commands: readonly QueuedCommand[], now: number): AdminEventView | null {
  let fields = fieldsOf(event);
  let status = event.status as EventStatus;
  let deleted = false;
  let pending = false;
  let poster = posterOf(event);
  let refused: AdminEventView['refused'] = null;
  const mine = commands.filter((c) => ADMIN_KINDS.has(c.kind) && c.payload.event_id === event.event_id).sort((a, b) => a.seq - b.seq);
  for (const c of mine) {
    if (isStopped(c.status)) {
      refused = { kind: c.kind, code: (c as { code?: string }).code ?? 'unknown_error' };
      continue;
    }
    if (!isInFlight(c)) continue;
    pending = true;
    if (c.kind === 'event.update') fields = { ...fields, ...(c.payload.fields as Partial<EventFields>) };
    if (c.kind === 'event.status') status = c.payload.status as EventStatus;
    if (c.kind === 'event.delete') deleted = true;
    if (c.kind === 'event.poster') poster = String(c.payload.poster ?? '');
  }
  if (deleted) return null;
  return { event, fields, status, state: listState({ status, when_end: fields.ends_at }, now), pending, refused, poster };
}

/** The events the user organises, newest first, with their queued changes. */
export function organisedEvents(views: readonly EventView[], commands: readonly QueuedCommand[], now: number): AdminEventView[] {
  return views
    .filter((e) => e.is_owner)
    .map((e) => adminView(e, commands, now))
    .filter((v): v is AdminEventView => v !== null)
    .sort((a, b) => b.fields.starts_at - a.fields.starts_at || b.event.event_id - a.event.event_id);
}

/** New events the user created that the server has not sent back yet (or refused). */
export interface QueuedCreate {
  id: string;
  fields: EventFields;
  refused: string | null;
}

export function queuedCreates(commands: readonly (QueuedCommand & { code?: string })[]): QueuedCreate[] {
  return commands
    .filter((c) => c.kind === 'event.create' && (isInFlight(c) || isStopped(c.status)))
    .sort((a, b) => a.seq - b.seq)
    .map((c) => ({ id: c.id, fields: c.payload.fields as EventFields, refused: isStopped(c.status) ? (c.code ?? 'unknown_error') : null }));
}

/** The outbox entries of the admin area (every organisers' command kind), live. */
export function observeAdminCommands(db: FoyerDatabase): Observable<(QueuedCommand & { code?: string })[]> {
  return db.outbox.find({ selector: { kind: { $in: [...ADMIN_COMMAND_KINDS] } } }).$.pipe(map((list) => list.map((d) => d.toJSON() as OutboxDoc)));
}

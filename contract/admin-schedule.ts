import { Type, type Static } from '@sinclair/typebox';
import { ClientRef, isLinkOrEmpty, PictureField } from './admin-refs.ts';
import { addDays, localDateOf } from './appointment-time.ts';
import { IsoDay, UnixSeconds } from './storable.ts';

/**
 * The organisers' schedule editor (issue 14, slice 3): days, tracks and speeches with their
 * speakers, the limits of each field and the checks the form and the server share. The live
 * stage reads the result from the `schedule` collection (contract/schedule.ts); the organisers'
 * copy of the event document lists the days and tracks too, empty ones included.
 */

export const SCHEDULE_LIMITS = {
  dayTitle: 100,
  trackTitle: 100,
  title: 300,
  description: 5_000,
  url: 2_000,
  speakerName: 200,
  speakers: 20,
  tracks: 50,
  email: 254,
} as const;

const EventId = Type.Integer({ minimum: 1 });
const Text = (max: number) => Type.String({ maxLength: max });

/** Declares a day (or renames it): a date of the event in its timezone, with an optional title. */
export const ScheduleDayPayload = Type.Object({ event_id: EventId, date: IsoDay(), title: Text(SCHEDULE_LIMITS.dayTitle) }, { additionalProperties: false });
export const ScheduleDayRemovePayload = Type.Object({ event_id: EventId, date: IsoDay() }, { additionalProperties: false });

/** Without `track` it makes a new track, which later commands may name by this command's id. */
export const ScheduleTrackPayload = Type.Object(
  { event_id: EventId, track: Type.Optional(ClientRef), title: Text(SCHEDULE_LIMITS.trackTitle) },
  { additionalProperties: false },
);
export const ScheduleTrackRemovePayload = Type.Object({ event_id: EventId, track: ClientRef }, { additionalProperties: false });
/** The wanted order of the tracks on the stage (those left out keep their place after them). */
export const ScheduleTrackOrderPayload = Type.Object(
  { event_id: EventId, tracks: Type.Array(ClientRef, { minItems: 1, maxItems: SCHEDULE_LIMITS.tracks }) },
  { additionalProperties: false },
);

/** A Foyer user (by id, or by the email the organiser typed) or a guest named with a picture. */
export const SpeakerInput = Type.Union([
  Type.Object({ user_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  Type.Object({ email: Type.String({ minLength: 3, maxLength: SCHEDULE_LIMITS.email }) }, { additionalProperties: false }),
  Type.Object({ name: Text(SCHEDULE_LIMITS.speakerName), picture: PictureField }, { additionalProperties: false }),
]);
export type SpeakerInput = Static<typeof SpeakerInput>;

export const SpeechFields = Type.Object(
  {
    track: ClientRef,
    title: Text(SCHEDULE_LIMITS.title),
    description: Text(SCHEDULE_LIMITS.description),
    starts_at: UnixSeconds(),
    ends_at: UnixSeconds(),
    /** '', an http(s) address or a path on this server. */
    presentation_url: Text(SCHEDULE_LIMITS.url),
    speakers: Type.Array(SpeakerInput, { maxItems: SCHEDULE_LIMITS.speakers }),
  },
  { additionalProperties: false },
);
export type SpeechFields = Static<typeof SpeechFields>;

/**
 * Without `speech` it adds a speech (later commands may name it by this command's id); with it, it
 * replaces that speech's fields. Moving a speech to another track or time is the same command.
 */
export const ScheduleSpeechPayload = Type.Object(
  { event_id: EventId, speech: Type.Optional(ClientRef), fields: SpeechFields },
  { additionalProperties: false },
);
export type ScheduleSpeechPayload = Static<typeof ScheduleSpeechPayload>;
export const ScheduleSpeechRemovePayload = Type.Object({ event_id: EventId, speech: ClientRef }, { additionalProperties: false });

export type SpeechFieldName = Exclude<keyof SpeechFields, 'track'> | 'track';
/** What is wrong with a speech field, as the key the form translates (`admin.fieldErrors.<code>`). */
export type SpeechProblem = 'required' | 'too_long' | 'url' | 'time_order' | 'outside' | 'overlap' | 'speaker';
export type SpeechProblems = Partial<Record<SpeechFieldName, SpeechProblem>>;

/** A speech the check compares with: the others of the same track. */
export interface PlacedSpeech {
  key: string;
  starts_at: number;
  ends_at: number;
}

/** Whether [start, end) meets another speech of the track; touching ends (10:00–10:30, 10:30–11:00) do not. */
export function overlapsAny(start: number, end: number, others: readonly PlacedSpeech[], self?: string): PlacedSpeech | undefined {
  return others.find((o) => o.key !== self && o.starts_at < end && start < o.ends_at);
}

/** Trims the text fields as they are stored. */
export function normaliseSpeech(f: SpeechFields): SpeechFields {
  return {
    ...f,
    title: f.title.trim(),
    description: f.description.trim(),
    presentation_url: f.presentation_url.trim(),
    speakers: f.speakers.map((s) => ('name' in s ? { name: s.name.trim(), picture: s.picture.trim() } : 'email' in s ? { email: s.email.trim() } : s)),
  };
}

/**
 * The rules of one speech that need no database: the form shows them next to the fields, the
 * server refuses the first. `event` is the event's span; the speech must lie inside it. The
 * overlap with the track's other speeches is `overlapsAny`, which the server checks in the same
 * transaction that writes.
 */
export function checkSpeechFields(raw: SpeechFields, event: { starts_at: number; ends_at: number }): SpeechProblems {
  const f = normaliseSpeech(raw);
  const out: SpeechProblems = {};
  if (!/[\p{L}\p{N}]/u.test(f.title)) out.title = 'required';
  else if (f.title.length > SCHEDULE_LIMITS.title) out.title = 'too_long';
  if (f.description.length > SCHEDULE_LIMITS.description) out.description = 'too_long';
  if (!isLinkOrEmpty(f.presentation_url)) out.presentation_url = 'url';
  if (f.ends_at <= f.starts_at) out.ends_at = 'time_order';
  else if (f.starts_at < event.starts_at || f.ends_at > event.ends_at) out.starts_at = 'outside';
  const seen = new Set<string>();
  for (const s of f.speakers) {
    const key = 'user_id' in s ? `u${s.user_id}` : 'email' in s ? `e${s.email.toLowerCase()}` : `n${s.name.toLowerCase()}`;
    if (('name' in s && !/[\p{L}\p{N}]/u.test(s.name)) || ('email' in s && !/^[^\s@]+@[^\s@]+$/.test(s.email)) || seen.has(key)) out.speakers = 'speaker';
    seen.add(key);
  }
  return out;
}

export const SPEECH_FIELD_ORDER: SpeechFieldName[] = ['title', 'track', 'starts_at', 'ends_at', 'description', 'presentation_url', 'speakers'];

/** The error code the server answers for a speech field's problem (contract/errors.ts). */
export function speechProblemCode(
  problem: SpeechProblem,
): 'invalid_input' | 'invalid_url' | 'event_time_order' | 'schedule_outside_event' | 'schedule_overlap' {
  switch (problem) {
    case 'url':
      return 'invalid_url';
    case 'time_order':
      return 'event_time_order';
    case 'outside':
      return 'schedule_outside_event';
    case 'overlap':
      return 'schedule_overlap';
    default:
      return 'invalid_input';
  }
}

/** The day and track outline the organisers' copy of an event document carries (contract/entities.ts). */
export interface ScheduleOutline {
  days: { date: string; title: string }[];
  tracks: { id: number; title: string; sort: number; client_id: string }[];
}

/** The event's dates in its own timezone, first to last; an event ending at midnight does not take the next date. */
export function eventDates(startsAt: number, endsAt: number, timezone: string): string[] {
  const first = localDateOf(startsAt, timezone);
  const last = localDateOf(Math.max(startsAt, endsAt - 1), timezone);
  const out: string[] = [];
  for (let d = first; d <= last && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

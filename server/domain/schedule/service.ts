import type { Static } from '@sinclair/typebox';
import {
  checkSpeechFields,
  eventDates,
  normaliseSpeech,
  overlapsAny,
  SPEECH_FIELD_ORDER,
  speechProblemCode,
  type ScheduleDayPayload,
  type ScheduleSpeechPayload,
  type ScheduleTrackOrderPayload,
  type ScheduleTrackPayload,
  type ScheduleTrackRemovePayload,
  type ScheduleSpeechRemovePayload,
} from '../../../contract/admin-schedule.ts';
import { addDays, localDateOf } from '../../../contract/appointments.ts';
import { DomainError } from '../../../contract/errors.ts';
import { toUnix, type Tx } from '../../db/tx.ts';
import { requireOrganiser } from '../organisers/service.ts';
import { speakerTarget } from '../organisers/invitations.ts';
import { pictureOfEvent } from '../organisers/pictures.ts';
import type { Effect } from '../effects.ts';
import {
  dayHasSpeeches,
  findSpeech,
  findTrack,
  insertSpeech,
  insertTrack,
  liveTracks,
  markSpeechDeleted,
  removeDayRow,
  replaceSpeakers,
  trackHasSpeeches,
  trackSpeeches,
  updateSpeech,
  updateTrack,
  upsertDay,
  type SpeakerRow,
} from './admin-repository.ts';

/**
 * The organisers' schedule editor (issue 14, slice 3): days, tracks and speeches, one command each,
 * every one checking the actor organises the event inside its own transaction. The live stage and
 * the legacy schedule call read the same tables, so a change shows on every device with its next
 * pull and on the specs' GET /api/events/:id/schedules at once.
 *
 * A speech may not meet another speech of its track (the write runner serialises writers, so the
 * check and the write see the same track) and lies inside the event's span; a day is one of the
 * event's dates in its timezone. A day or a track that still holds speeches is not removed: the
 * organiser moves or removes them first, so nothing disappears from the stage by accident.
 */

type Day = Static<typeof ScheduleDayPayload>;
type TrackSet = Static<typeof ScheduleTrackPayload>;
type TrackRemove = Static<typeof ScheduleTrackRemovePayload>;
type TrackOrder = Static<typeof ScheduleTrackOrderPayload>;
type SpeechRemove = Static<typeof ScheduleSpeechRemovePayload>;

/** Speeches travel in `schedule`; the organisers' outline of days and tracks in `events`. */
function scheduleEffect(eventId: number, userId: number, ids: (string | number)[], outline: boolean): Effect {
  return {
    ids: ids.map(String),
    collections: outline ? ['schedule', 'events'] : ['schedule'],
    userIds: [userId],
    eventIds: [eventId],
  };
}

export async function setDay(trx: Tx, userId: number, p: Day): Promise<Effect> {
  const event = await requireOrganiser(trx, p.event_id, userId);
  if (addDays(p.date, 0) !== p.date) throw new DomainError('invalid_input', 'date');
  if (!eventDates(event.fields.starts_at, event.fields.ends_at, event.fields.timezone).includes(p.date))
    throw new DomainError('schedule_outside_event', 'date');
  await upsertDay(trx, p.event_id, p.date, p.title.trim());
  // Speeches carry their day's title: a rename re-sends them (schedule/feed.ts joins the day's rev).
  return scheduleEffect(p.event_id, userId, [p.date], true);
}

export async function removeDay(trx: Tx, userId: number, p: { event_id: number; date: string }): Promise<Effect> {
  await requireOrganiser(trx, p.event_id, userId);
  if (await dayHasSpeeches(trx, p.event_id, p.date)) throw new DomainError('schedule_day_not_empty', 'date');
  await removeDayRow(trx, p.event_id, p.date);
  return scheduleEffect(p.event_id, userId, [p.date], true);
}

/** A new track (named by `commandId` until the device learns its id), or a rename. */
export async function setTrack(trx: Tx, userId: number, p: TrackSet, commandId: string | null): Promise<Effect> {
  await requireOrganiser(trx, p.event_id, userId);
  const title = p.title.trim();
  if (!/[\p{L}\p{N}]/u.test(title)) throw new DomainError('invalid_input', 'title');
  if (p.track) {
    const track = await findTrack(trx, p.event_id, p.track);
    if (!track) throw new DomainError('track_not_found', 'track');
    if (track.title !== title) await updateTrack(trx, track.id, { title });
    return scheduleEffect(p.event_id, userId, [track.id], true);
  }
  const tracks = await liveTracks(trx, p.event_id);
  if (tracks.length >= 50) throw new DomainError('invalid_input', 'track');
  const id = await insertTrack(trx, p.event_id, title, Math.max(0, ...tracks.map((t) => t.sort)) + 1, commandId);
  return scheduleEffect(p.event_id, userId, [id], true);
}

export async function removeTrack(trx: Tx, userId: number, p: TrackRemove): Promise<Effect> {
  await requireOrganiser(trx, p.event_id, userId);
  const track = await findTrack(trx, p.event_id, p.track);
  // Removing what is already gone lands where the organiser wanted.
  if (!track) return scheduleEffect(p.event_id, userId, [], false);
  if (await trackHasSpeeches(trx, track.id)) throw new DomainError('schedule_track_not_empty', 'track');
  await updateTrack(trx, track.id, { deleted: true });
  return scheduleEffect(p.event_id, userId, [track.id], true);
}

/**
 * Puts the named tracks first, in that order; the rest follow in their old order. It carries the
 * whole wanted order, so a replay or two organisers' same move land alike.
 */
export async function orderTracks(trx: Tx, userId: number, p: TrackOrder): Promise<Effect> {
  await requireOrganiser(trx, p.event_id, userId);
  const tracks = await liveTracks(trx, p.event_id);
  const wanted = p.tracks
    .map((ref) => tracks.find((t) => ('id' in ref ? t.id === ref.id : t.client_id === ref.client_id)))
    .filter((t): t is (typeof tracks)[number] => t !== undefined);
  const order = [...new Set([...wanted, ...tracks])];
  const changed: number[] = [];
  for (const [i, t] of order.entries()) {
    if (t.sort === i + 1) continue;
    await updateTrack(trx, t.id, { sort: i + 1 });
    changed.push(t.id);
  }
  return scheduleEffect(p.event_id, userId, changed, changed.length > 0);
}

/** A new speech (named by `commandId` until the device learns its id), or all of one speech's fields anew. */
export async function setSpeech(trx: Tx, userId: number, p: ScheduleSpeechPayload, commandId: string | null): Promise<Effect> {
  const event = await requireOrganiser(trx, p.event_id, userId);
  const existing = p.speech ? await findSpeech(trx, p.event_id, p.speech) : undefined;
  if (p.speech && !existing) throw new DomainError('speech_not_found', 'speech');
  const f = normaliseSpeech(p.fields);
  const problems = checkSpeechFields(f, event.fields);
  for (const field of SPEECH_FIELD_ORDER) {
    const problem = problems[field];
    if (problem) throw new DomainError(speechProblemCode(problem), field);
  }

  const track = await findTrack(trx, p.event_id, f.track);
  if (!track) throw new DomainError('track_not_found', 'track');
  const others = (await trackSpeeches(trx, track.id)).map((s) => ({ key: String(s.id), starts_at: toUnix(s.starts_at), ends_at: toUnix(s.ends_at) }));
  if (overlapsAny(f.starts_at, f.ends_at, others, existing ? String(existing.id) : undefined)) throw new DomainError('schedule_overlap', 'starts_at');

  const speakers: SpeakerRow[] = [];
  for (const s of f.speakers) {
    if ('name' in s) speakers.push({ user_id: null, name: s.name, picture: (await pictureOfEvent(trx, p.event_id, s.picture, ['speaker'], 'speakers')) ?? '' });
    else speakers.push({ user_id: await speakerTarget(trx, p.event_id, s) });
  }
  const users = speakers.flatMap((s) => (s.user_id === null ? [] : [s.user_id]));
  if (new Set(users).size !== users.length) throw new DomainError('invalid_input', 'speakers');

  const values = {
    track_id: track.id,
    day_date: localDateOf(f.starts_at, event.fields.timezone),
    title: f.title,
    description: f.description,
    starts_at: new Date(f.starts_at * 1000),
    ends_at: new Date(f.ends_at * 1000),
    presentation_url: f.presentation_url,
  };
  let id: number;
  if (existing) {
    id = existing.id;
    await updateSpeech(trx, id, values);
  } else {
    id = await insertSpeech(trx, p.event_id, values, commandId);
  }
  await replaceSpeakers(trx, id, speakers);
  return scheduleEffect(p.event_id, userId, [id], false);
}

export async function removeSpeech(trx: Tx, userId: number, p: SpeechRemove): Promise<Effect> {
  await requireOrganiser(trx, p.event_id, userId);
  const speech = await findSpeech(trx, p.event_id, p.speech);
  if (!speech) return scheduleEffect(p.event_id, userId, [], false);
  await markSpeechDeleted(trx, speech.id);
  return scheduleEffect(p.event_id, userId, [speech.id], false);
}

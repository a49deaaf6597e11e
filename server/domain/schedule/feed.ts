import type { Kysely } from 'kysely';
import type { ScheduleDoc } from '../../../contract/schedule.ts';
import type { DB } from '../../db/types.ts';
import { toUnix } from '../../db/tx.ts';
import { isParticipant } from '../events/repository.ts';
import { draftHiddenFrom } from '../organisers/repository.ts';
import { feedEvent, feedEventId, FeedScopeError, withTies, type FeedArgs, type FeedPage } from '../feed/feed.ts';
import { changedSpeeches, scheduleDays, scheduleEvent, scheduleSpeeches, scheduleTracks, type ChangedSpeech } from './repository.ts';

/**
 * Change feed of the `schedule` collection (contract/schedule.ts), scoped by event_id and open to
 * guests like GET /api/events/:id/schedules, whose rules it keeps: the programme is public, the
 * presentation links only for people who take part (isParticipant).
 *
 * A document is built from several rows, so its rev is the greatest of the speech's, its track's,
 * its declared day's, its speakers' accounts' and the viewer's own standing in the event (user_events
 * and tickets rows): renaming a track, a speaker or buying a ticket re-sends what changed for the
 * viewer. Such documents share revs, so pages never end inside a group of equal revs (withTies).
 * A deleted speech, or one whose track was deleted, is a tombstone. A draft's programme goes to its
 * organisers only; anybody else is answered 404, as for an unknown event.
 *
 * The changed speeches are picked in SQL (ids and revs only, scope before LIMIT); their content comes
 * from the same helpers as the REST call, so the stage reads the same programme online and offline.
 * A programme is a few hundred speeches at most, which these helpers read whole.
 */

export async function scheduleFeed(db: Kysely<DB>, { userId, checkpoint, limit, scope }: FeedArgs): Promise<FeedPage> {
  const eventId = feedEventId(scope);
  const event = feedEvent(await scheduleEvent(db, eventId));
  // A draft's programme is its organisers' alone, like the draft itself.
  if (await draftHiddenFrom(db, eventId, event.status, userId)) throw new FeedScopeError('event_not_found', 404);

  const first = (await changedSpeeches(db, eventId, userId, checkpoint, limit)).rows;
  const changed = await withTies(first, limit, async (rev, afterId) => (await changedSpeeches(db, eventId, userId, checkpoint, limit, { rev, afterId })).rows);
  if (changed.length === 0) return { documents: [] };

  const insider = userId !== null && (await isParticipant(db, userId, eventId));
  const [days, tracks, speeches] = await Promise.all([scheduleDays(db, eventId), scheduleTracks(db, eventId), scheduleSpeeches(db, eventId, undefined)]);
  const dayTitle = new Map(days.map((d) => [d.date, d.title]));
  const trackOf = new Map(tracks.map((t, index) => [t.id, { title: t.title, sort: index }]));
  const speechOf = new Map(speeches.map((s) => [s.id, s]));

  const documents = changed.map((c): ScheduleDoc & { deleted: boolean } => {
    const s = speechOf.get(c.id);
    const track = s && trackOf.get(s.track_id);
    if (c.gone || !s || !track) return tombstone(c, eventId);
    return {
      id: String(s.id),
      speech_id: s.id,
      event_id: eventId,
      day_date: s.day_date,
      day_title: dayTitle.get(s.day_date) ?? '',
      track_id: s.track_id,
      track_title: track.title,
      track_sort: track.sort,
      starts_at: toUnix(s.starts_at),
      ends_at: toUnix(s.ends_at),
      timezone: event.timezone,
      title: s.title,
      description: s.description,
      presentation_url: insider ? s.presentation_url : '',
      speakers: typeof s.speakers === 'string' ? (JSON.parse(s.speakers) as ScheduleDoc['speakers']) : s.speakers,
      client_id: s.client_id ?? '',
      rev: c.rev,
      deleted: false,
    };
  });
  return { documents };
}

function tombstone(c: ChangedSpeech, eventId: number): ScheduleDoc & { deleted: boolean } {
  return {
    id: String(c.id),
    speech_id: c.id,
    event_id: eventId,
    day_date: '',
    day_title: '',
    track_id: 0,
    track_title: '',
    track_sort: 0,
    starts_at: 0,
    ends_at: 0,
    timezone: '',
    title: '',
    description: '',
    presentation_url: '',
    speakers: [],
    client_id: '',
    rev: c.rev,
    deleted: true,
  };
}

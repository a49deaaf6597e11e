import { sql, type Kysely } from 'kysely';
import type { ScheduleDoc } from '../../../contract/schedule.ts';
import type { DB } from '../../db/types.ts';
import { toUnix } from '../../db/tx.ts';
import { isParticipant, scheduleDays, scheduleSpeeches, scheduleTracks } from '../events/queries.ts';
import type { FeedArgs, FeedPage } from '../sync/feeds.ts';
import { FeedScopeError, feedEventId, withTies } from '../tickets/tables.ts';

/**
 * Change feed of the `schedule` collection (contract/schedule.ts), scoped by event_id and open to
 * guests like GET /api/events/:id/schedules, whose rules it keeps: the programme is public, the
 * presentation links only for people who take part (isParticipant).
 *
 * A document is built from several rows, so its rev is the greatest of the speech's, its track's,
 * its declared day's, its speakers' accounts' and the viewer's own standing in the event (user_events
 * and tickets rows): renaming a track, a speaker or buying a ticket re-sends what changed for the
 * viewer. Such documents share revs, so pages never end inside a group of equal revs (withTies).
 * A deleted speech, or one whose track was deleted, is a tombstone.
 *
 * The changed speeches are picked in SQL (ids and revs only, scope before LIMIT); their content comes
 * from the same helpers as the REST call, so the stage reads the same programme online and offline.
 * A programme is a few hundred speeches at most, which these helpers read whole.
 */

interface Changed {
  id: number;
  rev: number;
  gone: boolean;
}

function changedSpeeches(db: Kysely<DB>, eventId: number, userId: number | null, checkpoint: number, limit: number, tie?: { rev: number; afterId: number }) {
  const viewerRev =
    userId === null
      ? sql`0`
      : sql`GREATEST(
          coalesce((SELECT max(ue.rev) FROM user_events ue WHERE ue.event_id = ${eventId} AND ue.user_id = ${userId}), 0),
          coalesce((SELECT max(tk.rev) FROM tickets tk WHERE tk.event_id = ${eventId} AND tk.user_id = ${userId}), 0))`;
  return sql<Changed>`
    SELECT * FROM (
      SELECT s.id,
        GREATEST(s.rev, t.rev, coalesce(d.rev, 0), ${viewerRev},
          coalesce((SELECT max(u.rev) FROM speech_speakers ss JOIN users u ON u.id = ss.user_id WHERE ss.speech_id = s.id), 0))::int AS rev,
        (s.deleted OR t.deleted) AS gone
      FROM speeches s
      JOIN tracks t ON t.id = s.track_id
      LEFT JOIN schedule_days d ON d.event_id = s.event_id AND d.date = s.day_date AND NOT d.deleted
      WHERE s.event_id = ${eventId}
    ) c
    WHERE ${tie ? sql`c.rev = ${tie.rev} AND c.id > ${tie.afterId}` : sql`c.rev > ${checkpoint}`}
    ORDER BY c.rev, c.id
    ${tie ? sql`` : sql`LIMIT ${limit}`}`.execute(db);
}

export async function scheduleFeed(db: Kysely<DB>, { userId, checkpoint, limit, scope }: FeedArgs): Promise<FeedPage> {
  const eventId = feedEventId(scope);
  const event = await db.selectFrom('events').select(['timezone', 'deleted']).where('id', '=', eventId).executeTakeFirst();
  if (!event || event.deleted) throw new FeedScopeError('event_not_found', 404);

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
      rev: c.rev,
      deleted: false,
    };
  });
  return { documents };
}

function tombstone(c: Changed, eventId: number): ScheduleDoc & { deleted: boolean } {
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
    rev: c.rev,
    deleted: true,
  };
}

import { Type } from '@sinclair/typebox';
import { RevField, defineCollection, type DocOf } from './schema.ts';

/**
 * The live stage's programme (events.md §2–4), replicated per event so the stage works offline.
 *
 * One document per speech, carrying what the stage draws around it (its day and its track), so a
 * day or track rename re-sends the speeches under it and nothing else needs a collection: the
 * budget of 13 (sync/engine/database.ts) has no room for days and tracks of their own. A day without any
 * speech is not shown by the stage, so it needs no document.
 *
 * `presentation_url` is '' unless the puller takes part in the event (ticket, owner, checked in),
 * the rule of GET /api/events/:id/schedules; a change of that standing re-sends the documents.
 */
const Int = (max: number) => Type.Integer({ minimum: 0, maximum: max, multipleOf: 1 });

export const ScheduleCollection = defineCollection({
  name: 'schedule',
  // 1: client_id, and speakers who are guests (user_id 0).
  version: 1,
  schema: Type.Object({
    /** The speech id as a string. */
    id: Type.String(),
    speech_id: Int(2147483647),
    event_id: Int(2147483647),
    /** YYYY-MM-DD in the event's timezone. */
    day_date: Type.String(),
    /** The declared day's title, or ''. */
    day_title: Type.String(),
    track_id: Int(2147483647),
    track_title: Type.String(),
    /** The track's place on the stage (lower first). */
    track_sort: Int(2147483647),
    /** Unix seconds. */
    starts_at: Int(1e11),
    ends_at: Int(1e11),
    timezone: Type.String(),
    title: Type.String(),
    description: Type.String(),
    presentation_url: Type.String(),
    /**
     * In the organisers' order. A guest the organisers named (no Foyer account) has user_id 0 and
     * their uploaded picture or '' as avatar.
     */
    speakers: Type.Array(Type.Object({ user_id: Int(2147483647), name: Type.String(), avatar: Type.String() })),
    /** The command that created the speech on an organiser's device, or '': its queued copy is this one. */
    client_id: Type.String(),
    ...RevField,
  }),
  indexes: ['event_id', ['event_id', 'starts_at']],
});
export type ScheduleDoc = DocOf<typeof ScheduleCollection>;

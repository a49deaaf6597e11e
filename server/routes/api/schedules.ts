import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { toUnix } from '../../db/tx.ts';
import { draftHiddenFrom } from '../../domain/organisers/repository.ts';
import { isParticipant } from '../../domain/events/repository.ts';
import { scheduleDays, scheduleEvent, scheduleSpeeches, scheduleTracks, type SpeechRow } from '../../domain/schedule/repository.ts';
import { fail, ok } from '../envelope.ts';
import { EventParams, Flag, isOn, Lang } from './events-shared.ts';

/**
 * GET /api/events/:eventId/schedules — the programme of the live stage.
 *
 * - object=day (default): data is the list of days [{date, title}]; with show_children=1 each day
 *   also carries its tracks with their speeches (`flows`).
 * - object=flow: data is the list of tracks [{id, title}]; with show_children=1 each track carries
 *   its speeches, limited to `date` when given. With a date, tracks without a speech that day are
 *   left out, since the stage shows one day at a time.
 * - Speeches come in start order (time of day within a day). presentation_url is given only to
 *   people who take part in the event (ticket, owner, checked in); the programme itself is public.
 */

const ScheduleQuery = Type.Object({
  lang: Lang,
  object: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('flow')])),
  show_children: Flag,
  date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
});

function isRealDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

export async function scheduleRoutes(app: FastifyInstance) {
  app.get<{ Params: Static<typeof EventParams>; Querystring: Static<typeof ScheduleQuery> }>(
    '/api/events/:eventId/schedules',
    { schema: { params: EventParams, querystring: ScheduleQuery } },
    async (request, reply) => {
      const { eventId } = request.params;
      const { object = 'day', date } = request.query;
      const children = isOn(request.query.show_children);
      if (date !== undefined && !isRealDate(date)) return fail(reply, 'invalid_input', 'date');
      const event = await scheduleEvent(app.db, eventId);
      if (!event) return fail(reply, 'event_not_found');
      if (event.deleted) return fail(reply, 'event_removed');
      if (await draftHiddenFrom(app.db, eventId, event.status, request.user?.id ?? null)) return fail(reply, 'event_not_found');

      if (object === 'day' && !children) return ok(await scheduleDays(app.db, eventId));

      const insider = request.user ? await isParticipant(app.db, request.user.id, eventId) : false;
      const tracks = await scheduleTracks(app.db, eventId);
      if (object === 'flow' && !children) return ok(tracks.map((t) => ({ id: t.id, title: t.title })));

      const speech = (s: SpeechRow) => ({
        id: s.id,
        title: s.title,
        description: s.description,
        startDate: toUnix(s.starts_at),
        endDate: toUnix(s.ends_at),
        timezone: event.timezone,
        day: { date: s.day_date },
        presentation_url: insider ? s.presentation_url : '',
        // A guest speaker (no Foyer account) has no user id to link to.
        speakers: (typeof s.speakers === 'string' ? (JSON.parse(s.speakers) as { user_id: number }[]) : s.speakers).map((sp) => ({
          ...sp,
          user_id: sp.user_id || null,
        })),
      });
      const flows = (speeches: SpeechRow[], dropEmpty: boolean) =>
        tracks
          .map((t) => ({ id: t.id, title: t.title, speeches: speeches.filter((s) => s.track_id === t.id).map(speech) }))
          .filter((t) => !dropEmpty || t.speeches.length > 0);

      if (object === 'flow') return ok(flows(await scheduleSpeeches(app.db, eventId, date), date !== undefined));

      const days = await scheduleDays(app.db, eventId);
      const speeches = await scheduleSpeeches(app.db, eventId, undefined);
      return ok(
        days.map((d) => ({
          date: d.date,
          title: d.title,
          flows: flows(
            speeches.filter((s) => s.day_date === d.date),
            true,
          ),
        })),
      );
    },
  );
}

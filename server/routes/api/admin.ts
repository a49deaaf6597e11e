import type { FastifyInstance } from 'fastify';
import { EVENT_PICTURE_KINDS, eventPictureUrl, type EventPictureKind } from '../../../contract/admin-refs.ts';
import { CHAT_IMAGE_MAX_BYTES } from '../../../contract/chat.ts';
import { DomainError } from '../../../contract/errors.ts';
import { parseId } from '../../../contract/ids.ts';
import { openMeetings } from '../../domain/admin/meetings-repository.ts';
import { overviewOf, peopleOf } from '../../domain/admin/people.ts';
import { recordEventPicture, removePictureFiles, sweepEventPictures, writeEventPicture } from '../../domain/organisers/pictures.ts';
import { requireOrganiser } from '../../domain/organisers/service.ts';
import { ok } from '../envelope.ts';
import { needUser } from './events-shared.ts';
import { readUploadForm, type UploadLimits } from './forms.ts';

const PICTURE_FORM: UploadLimits = { fileSize: CHAT_IMAGE_MAX_BYTES, fields: 3, fieldSize: 64 };

/**
 * The organisers' admin area over plain HTTP: what cannot be a command because it carries a file.
 *
 * - POST /api/admin/events/:eventId/pictures (multipart `image`, `kind`: poster, logo, picture or
 *   speaker): the event's organisers upload every kind, its stand managers logos and pictures. The
 *   picture is re-encoded in its sizes (domain/organisers/pictures.ts) and answered as the URL to put in
 *   the command that uses it (event.poster, stand.set, schedule.speech.set). It needs the network.
 * - GET /api/admin/events/:eventId/meetings: the event's booked meetings (pending or agreed), to its
 *   organisers, so the meeting settings form can say which a change would leave outside. Devices
 *   keep the last answer (sync/views/admin/on-device.ts `admin_meetings:<id>`).
 * - GET /api/admin/events/:eventId/people: who takes part, with tickets, door check-in, meetings
 *   and team roles, and the open invitations (`admin_people:<id>`).
 * - GET /api/admin/events/:eventId/overview: the event's numbers (`admin_overview:<id>`).
 */
export async function adminApi(app: FastifyInstance) {
  app.post<{ Params: { eventId: string } }>(
    '/api/admin/events/:eventId/pictures',
    { onRequest: app.limits.throttle('image_upload') },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const eventId = parseId(request.params.eventId);
      if (eventId === undefined) throw new DomainError('invalid_input', 'eventId');
      if (!request.isMultipart()) throw new DomainError('invalid_input', 'send the picture as multipart/form-data');
      const { fields, image } = await readUploadForm(request, 'image', PICTURE_FORM);
      const kind = String(fields.kind ?? '') as EventPictureKind;
      if (!EVENT_PICTURE_KINDS.includes(kind)) throw new DomainError('invalid_input', 'kind');
      if (!image) throw new DomainError('invalid_image', 'image');
      const stored = await writeEventPicture(app.config.dataDir, kind, image);
      try {
        await app.writer.run((trx) => recordEventPicture(trx, eventId, user.id, kind, stored));
      } catch (err) {
        await removePictureFiles(app.config.dataDir, stored);
        throw err;
      }
      void sweepEventPictures(app.db, app.config.dataDir).catch((err: unknown) => app.log.error(err, 'event picture sweep failed'));
      return ok({
        url: eventPictureUrl(stored.name),
        small: `${eventPictureUrl(stored.name)}?size=small`,
        width: stored.width,
        height: stored.height,
      });
    },
  );

  app.get<{ Params: { eventId: string } }>('/api/admin/events/:eventId/meetings', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const eventId = parseId(request.params.eventId);
    if (eventId === undefined) throw new DomainError('invalid_input', 'eventId');
    await requireOrganiser(app.db, eventId, user.id);
    const items = (await openMeetings(app.db, eventId)).map((m) => ({
      id: m.id,
      date: m.date,
      time_start: m.start,
      time_end: m.end,
      table_num: m.table_num,
      where_type: m.where_type,
      place: m.place,
      where: m.where_text,
      response: m.response,
      from: { id: m.from_user_id, name: m.from_name },
      to: { id: m.to_user_id, name: m.to_name },
    }));
    return ok({ items, count: items.length });
  });

  const eventParam = (raw: string) => {
    const eventId = parseId(raw);
    if (eventId === undefined) throw new DomainError('invalid_input', 'eventId');
    return eventId;
  };

  app.get<{ Params: { eventId: string } }>('/api/admin/events/:eventId/people', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    return ok(await peopleOf(app.db, user.id, eventParam(request.params.eventId)));
  });

  app.get<{ Params: { eventId: string } }>('/api/admin/events/:eventId/overview', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    return ok(await overviewOf(app.db, user.id, eventParam(request.params.eventId)));
  });
}

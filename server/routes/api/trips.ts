import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { avatarUrl } from '../../../contract/avatars.ts';
import { API_MAX_LIMIT } from '../../../contract/constants.ts';
import { DomainError } from '../../../contract/errors.ts';
import { TRIP_TEXT_MAX, tripImageUrl } from '../../../contract/trips.ts';
import { toUnix } from '../../db/tx.ts';
import { isParticipant } from '../../domain/events/repository.ts';
import { readImageFile, reencodeImage, removeImageFile, sniffImage, UPLOAD_NAME, uploadDir, writeImageFile } from '../../domain/images.ts';
import {
  findTrip,
  findVisibleTripImage,
  listTrips,
  tripAuthor,
  tripEventInfo,
  type TripEventInfo,
  type TripPatch,
  type TripRow,
} from '../../domain/trips/repository.ts';
import { saveTrip } from '../../domain/trips/service.ts';
import { tooManyRequests } from '../../limits/index.ts';
import { fail, ok } from '../envelope.ts';
import { sendUploadedImage } from '../files/uploads.ts';
import { EventParams, Flag, isOn, Lang, needUser } from './events-shared.ts';
import { readUploadForm, type UploadLimits } from './forms.ts';

/**
 * Trip plans of an event's participants (events.md §3 "Trip plan").
 *
 * - GET /api/events/:eventId/trips: {results, count, offset}, newest plans first. Plans of people
 *   who hide their trip plan or hide from visitor lists, and of people who no longer take part,
 *   are seen by their author only.
 * - POST /api/events/:eventId/trip-plan?save=1: multipart (or JSON/form without a picture) with
 *   hotel, transportBefore, transportAfter and an optional picture in `img`. A field left out keeps
 *   its value; `remove_img=1` without a picture removes the plan's picture. Only participants may save a plan (`participation_required`). Without save=1 the
 *   call stores nothing and answers the current plan.
 * - The picture must really be a PNG, JPEG or WebP (checked by its first bytes, whatever the
 *   client claims) of at most TRIP_IMAGE_MAX_BYTES. It is decoded and encoded again as chat
 *   pictures are (domain/images.ts), so only pixels are kept: a polyglot's HTML or script, EXIF
 *   with a position, trailing bytes all go. It is stored under a random name in
 *   <dataDir>/uploads/trips and served by GET /api/events/trip-images/:file to whoever may see the
 *   plan, only as the picture it is (routes/files/uploads.ts sendUploadedImage).
 */

export const TRIP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const TripQuery = Type.Object({ lang: Lang, save: Flag, remove_img: Flag });
const TripsQuery = Type.Object({
  lang: Lang,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
const TripFields = Type.Object({
  hotel: Type.Optional(Type.String({ maxLength: TRIP_TEXT_MAX })),
  transportBefore: Type.Optional(Type.String({ maxLength: TRIP_TEXT_MAX })),
  transportAfter: Type.Optional(Type.String({ maxLength: TRIP_TEXT_MAX })),
  lang: Lang,
});
const checkFields = TypeCompiler.Compile(TripFields);

/** A plan's form: its picture and three texts (4 bytes a character at most in UTF-8). */
const TRIP_FORM: UploadLimits = { fileSize: TRIP_IMAGE_MAX_BYTES, fields: 10, fieldSize: 4 * TRIP_TEXT_MAX };

interface TripUser {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string;
  country_code: string | null;
  city_id: number | null;
  city_name: string | null;
  is_org: boolean;
}

function tripEntity(ev: TripEventInfo, user: TripUser, trip: Pick<TripRow, 'hotel' | 'transport_before' | 'transport_after' | 'image'> | undefined) {
  return {
    event: {
      id: ev.id,
      name: ev.name,
      when: toUnix(ev.starts_at),
      when_end: toUnix(ev.ends_at),
      timezone: ev.timezone,
      city: { id: ev.city_id ?? 0, name: ev.city_name ?? '' },
      map: { lat: ev.lat ?? 0, lng: ev.lng ?? 0 },
      total_people: ev.total_people,
    },
    user: {
      id: user.id,
      name: `${user.first_name} ${user.last_name}`.trim(),
      country_code: user.country_code ?? '',
      is_org: user.is_org,
      avatar_url: avatarUrl(user.id, user.avatar),
      city: user.city_id ? { id: user.city_id, name: user.city_name ?? '' } : null,
    },
    trip: {
      event: ev.id,
      hotel: trip?.hotel ?? '',
      transportBefore: trip?.transport_before ?? '',
      transportAfter: trip?.transport_after ?? '',
      image: tripImageUrl(trip?.image ?? ''),
    },
  };
}

function rowUser(r: TripRow): TripUser {
  return {
    id: r.user_id,
    first_name: r.first_name,
    last_name: r.last_name,
    avatar: r.avatar,
    country_code: r.country_code,
    city_id: r.user_city_id,
    city_name: r.user_city_name,
    is_org: r.is_org,
  };
}

export async function tripRoutes(app: FastifyInstance) {
  const dir = uploadDir(app.config.dataDir, 'trips');

  const loadEvent = async (eventId: number) => {
    const ev = await tripEventInfo(app.db, eventId);
    if (!ev) throw new DomainError('event_not_found');
    if (ev.deleted) throw new DomainError('event_removed');
    return ev;
  };

  app.get<{ Params: Static<typeof EventParams>; Querystring: Static<typeof TripsQuery> }>(
    '/api/events/:eventId/trips',
    { schema: { params: EventParams, querystring: TripsQuery } },
    async (request) => {
      const ev = await loadEvent(request.params.eventId);
      const offset = request.query.offset ?? 0;
      const { rows, count } = await listTrips(app.db, ev.id, request.user?.id ?? null, request.query.limit ?? 10, offset);
      return ok({ results: rows.map((r) => tripEntity(ev, rowUser(r), r)), count, offset });
    },
  );

  app.post<{ Params: Static<typeof EventParams>; Querystring: Static<typeof TripQuery> }>(
    '/api/events/:eventId/trip-plan',
    { schema: { params: EventParams, querystring: TripQuery } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const { fields, image } = await readUploadForm(request, 'img', TRIP_FORM);
      if (!checkFields.Check(fields)) {
        const first = checkFields.Errors(fields).First();
        return fail(reply, 'invalid_input', first ? `${first.path} ${first.message}` : undefined);
      }
      const ext = image ? sniffImage(image) : undefined;
      if (image && !ext) return fail(reply, 'invalid_image');
      const ev = await loadEvent(request.params.eventId);
      // Only pixels are stored, never the bytes as sent; decoding costs, so only a participant's
      // picture is decoded (saveTrip checks participation again inside its transaction).
      let encoded: Awaited<ReturnType<typeof reencodeImage>> | undefined;
      if (image && ext && isOn(request.query.save)) {
        if (!(await isParticipant(app.db, user.id, ev.id))) throw new DomainError('participation_required');
        const retryAfterMs = await app.limits.calls.take(request, 'image_upload');
        if (retryAfterMs !== undefined) return tooManyRequests(request, reply, retryAfterMs);
        encoded = await reencodeImage(Buffer.from(image));
      }

      if (isOn(request.query.save)) {
        const patch: TripPatch = {};
        if (fields.hotel !== undefined) patch.hotel = fields.hotel as string;
        if (fields.transportBefore !== undefined) patch.transport_before = fields.transportBefore as string;
        if (fields.transportAfter !== undefined) patch.transport_after = fields.transportAfter as string;
        let stored: string | undefined;
        if (encoded) {
          stored = await writeImageFile(dir, encoded);
          patch.image = stored;
        } else if (isOn(request.query.remove_img)) {
          // The editor's "remove the picture" (issue 16); a new picture in the same call wins.
          patch.image = '';
        }
        let previousImage = '';
        try {
          ({ previousImage } = await app.writer.run((trx) => saveTrip(trx, user.id, ev.id, patch)));
        } catch (err) {
          if (stored) await removeImageFile(dir, stored);
          throw err;
        }
        // Only after the commit: until then the old row still points at the old file.
        if (patch.image !== undefined && previousImage && previousImage !== patch.image) await removeImageFile(dir, previousImage);
      }

      const row = await findTrip(app.db, ev.id, user.id);
      if (row) return ok(tripEntity(ev, rowUser(row), row));
      const u = await tripAuthor(app.db, ev.id, user.id);
      return ok(tripEntity(ev, { ...u, is_org: u.is_owner === true || u.role === 'organizer' }, undefined));
    },
  );

  app.get<{ Params: { file: string } }>('/api/events/trip-images/:file', async (request, reply) => {
    const notFound = () => reply.code(404).send({ status_code: 404, data: null, error: 'not_found' });
    const file = request.params.file;
    if (!UPLOAD_NAME.test(file)) return notFound();
    if (!(await findVisibleTripImage(app.db, file, request.user?.id ?? null))) return notFound();
    const data = await readImageFile(dir, file);
    return data ? sendUploadedImage(reply, file, data) : notFound();
  });
}

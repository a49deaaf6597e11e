import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { API_MAX_LIMIT } from '../../../contract/constants.ts';
import { DomainError } from '../../../contract/errors.ts';
import { toUnix, writeTx } from '../../db/tx.ts';
import { findTrip, findVisibleTripImage, listTrips, saveTrip, takesPartIn, tripEventInfo, type TripEventInfo, type TripPatch, type TripRow } from '../../domain/events/trips.ts';
import { fail, ok } from '../envelope.ts';
import { avatarUrl, EventParams, Flag, isOn, Lang, needUser } from './events-shared.ts';
import { readUploadForm } from './forms.ts';
import { reencodeImage } from '../../domain/chat/images.ts';

/**
 * Trip plans of an event's participants (events.md §3 "Trip plan").
 *
 * - GET /api/events/:eventId/trips: {results, count, offset}, newest plans first. Plans of people
 *   who hide their trip plan or hide from visitor lists, and of people who no longer take part,
 *   are seen by their author only.
 * - POST /api/events/:eventId/trip-plan?save=1: multipart (or JSON/form without a picture) with
 *   hotel, transportBefore, transportAfter and an optional picture in `img`. A field left out keeps
 *   its value. Only participants may save a plan (`participation_required`). Without save=1 the
 *   call stores nothing and answers the current plan.
 * - The picture must really be a PNG, JPEG or WebP (checked by its first bytes, whatever the
 *   client claims) of at most TRIP_IMAGE_MAX_BYTES. It is decoded and encoded again as chat
 *   pictures are (domain/chat/images.ts), so only pixels are kept: a polyglot's HTML or script, EXIF
 *   with a position, trailing bytes all go. It is stored under a random name in
 *   <dataDir>/uploads/trips and served by GET /api/events/trip-images/:file to whoever may see the
 *   plan, with its real type and nosniff, so it can never be rendered as a page.
 */

export const TRIP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const TRIP_TEXT_MAX = 500;

const TripQuery = Type.Object({ lang: Lang, save: Flag });
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

const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
type ImageExt = keyof typeof IMAGE_TYPES;
const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/** The format a picture really has, from its signature; undefined for anything else. */
export function sniffImage(buf: Uint8Array): ImageExt | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
  if (buf.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (buf.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'jpg';
  // RIFF....WEBP
  if (buf.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

function imageUrl(file: string): string {
  return file ? `/api/events/trip-images/${file}` : '';
}

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
      image: imageUrl(trip?.image ?? ''),
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
  await app.register(multipart, {
    limits: { fileSize: TRIP_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4 * TRIP_TEXT_MAX, fieldNameSize: 64 },
  });
  const uploadDir = path.join(app.config.dataDir, 'uploads', 'trips');

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
      const { fields, image } = await readUploadForm(request, 'img');
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
        if (!(await takesPartIn(app.db, user.id, ev.id))) throw new DomainError('participation_required');
        encoded = await reencodeImage(Buffer.from(image));
      }

      if (isOn(request.query.save)) {
        const patch: TripPatch = {};
        if (fields.hotel !== undefined) patch.hotel = fields.hotel as string;
        if (fields.transportBefore !== undefined) patch.transport_before = fields.transportBefore as string;
        if (fields.transportAfter !== undefined) patch.transport_after = fields.transportAfter as string;
        let stored: string | undefined;
        if (encoded) {
          stored = `${randomBytes(16).toString('hex')}.${encoded.ext}`;
          await fs.mkdir(uploadDir, { recursive: true });
          await fs.writeFile(path.join(uploadDir, stored), encoded.data, { flag: 'wx' });
          patch.image = stored;
        }
        let previousImage = '';
        try {
          ({ previousImage } = await writeTx(app.db, (trx) => saveTrip(trx, user.id, ev.id, patch)));
        } catch (err) {
          if (stored) await fs.rm(path.join(uploadDir, stored), { force: true });
          throw err;
        }
        // Only after the commit: until then the old row still points at the old file.
        if (stored && previousImage && previousImage !== stored && FILE_NAME.test(previousImage)) {
          await fs.rm(path.join(uploadDir, previousImage), { force: true });
        }
      }

      const row = await findTrip(app.db, ev.id, user.id);
      if (row) return ok(tripEntity(ev, rowUser(row), row));
      const u = await app.db
        .selectFrom('users as u')
        .leftJoin('cities as c', 'c.id', 'u.city_id')
        .leftJoin('user_events as ue', (j) => j.onRef('ue.user_id', '=', 'u.id').on('ue.event_id', '=', ev.id).on('ue.deleted', '=', false))
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.avatar', 'u.country_code', 'u.city_id', 'c.name as city_name', 'ue.is_owner', 'ue.role'])
        .where('u.id', '=', user.id)
        .executeTakeFirstOrThrow();
      return ok(tripEntity(ev, { ...u, is_org: u.is_owner === true || u.role === 'organizer' }, undefined));
    },
  );

  app.get<{ Params: { file: string } }>('/api/events/trip-images/:file', async (request, reply) => {
    const notFound = () => reply.code(404).send({ status_code: 404, data: null, error: 'not_found' });
    const file = request.params.file;
    if (!FILE_NAME.test(file)) return notFound();
    if (!(await findVisibleTripImage(app.db, file, request.user?.id ?? null))) return notFound();
    let data: Buffer;
    try {
      data = await fs.readFile(path.join(uploadDir, file));
    } catch {
      return notFound();
    }
    const ext = file.slice(file.lastIndexOf('.') + 1) as ImageExt;
    return reply
      .header('content-type', IMAGE_TYPES[ext])
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('content-disposition', 'inline')
      // Visibility can change (the author hides the plan), so caches keep it briefly and privately.
      .header('cache-control', 'private, max-age=300')
      .send(data);
  });
}

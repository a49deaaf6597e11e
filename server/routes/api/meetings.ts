import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { API_MAX_LIMIT } from '../../../contract/constants.ts';
import { DomainError } from '../../../contract/errors.ts';
import {
  APPOINTMENT_TEXT_MAX,
  AppointmentRequestPayload,
  MEETING_ROLE_FILTER,
  MY_APPOINTMENTS_PAGE_SIZE,
  MY_APPOINTMENT_EVENTS_PAGE_SIZE,
} from '../../../contract/appointments.ts';
import { parseId } from '../../../contract/ids.ts';
import { toLegacyAppointment } from '../../domain/appointments/documents.ts';
import { appointmentExists } from '../../domain/appointments/repository.ts';
import { approveAppointment, availability, rejectAppointment, requestAppointment } from '../../domain/appointments/service.ts';
import { viewerAppointment, viewerAppointmentEvents, viewerAppointmentsOfEvent } from '../../domain/appointments/viewer-repository.ts';
import { GUEST_RELATION, viewerRelations } from '../../domain/events/list-repository.ts';
import { toLegacyEvent } from '../../domain/events/documents.ts';
import { eventRowsByIds } from '../../domain/events/document-repository.ts';
import { requireEvent } from '../../domain/events/service.ts';
import { ok } from '../envelope.ts';
import { Flag, Id, isOn, Lang, needUser } from './events-shared.ts';
import { manageMeetingApi } from './manage-meeting.ts';

/**
 * The legacy appointment calls of networking.md §7 (`/api/meetings/...`: the specs call
 * appointments meetings, and so do the names at this boundary), answered by the same
 * domain services as the sync commands `appointment.request|approve|reject`
 * (server/domain/appointments; the rules are written down in contract/appointments.ts).
 *
 * - Every call needs a session: no credentials answer status_code 403 (the catalogue's "auth
 *   error"), a dead session HTTP 401 (needUser).
 * - Only the meeting's two people can read or act on it: anybody else gets 403 for a meeting that
 *   exists, 404 for one that does not, and nothing changes.
 * - create-meeting answers the created (or edited) appointment, approve and reject the updated one,
 *   each as the caller sees it (user_info is the other person).
 * - GET meetings/{id} of a rejected or canceled meeting answers status_code 203 (the catalogue's
 *   "appointment was canceled before") and still carries the appointment, so a deep link can show it.
 * - my-meeting: for_all_events=1 pages the caller's events (those they take part in or have a
 *   meeting at; running and upcoming first) as `data` with `count` per event and `count_data`;
 *   otherwise event_id pages that event's meetings as `results` with `count` and `timezone`, the
 *   latter also copied onto each item. `role` (1 all … 6 volunteer) filters by the other person's
 *   role at the event.
 * - Old clients send numbers as strings and post forms; both are accepted.
 */

/** A number or a numeric string, as old clients send them; read with toInt or contract/ids parseId. */
const IntLike = Type.Union([Type.Integer({ minimum: 0, maximum: 1e11 }), Type.String({ pattern: '^\\d{1,11}$' })]);
const OptionalIntLike = Type.Optional(Type.Union([IntLike, Type.Null(), Type.Literal('')]));
const BoolLike = Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 }), Type.String({ pattern: '^(true|false|0|1)$' })]);

const CreateBody = Type.Object({
  lang: Lang,
  event_id: IntLike,
  user_id: IntLike,
  date: Type.String({ maxLength: 10 }),
  comment: Type.Optional(Type.Union([Type.String({ maxLength: APPOINTMENT_TEXT_MAX }), Type.Null()])),
  any_time: Type.Optional(Type.Union([BoolLike, Type.Null()])),
  time_start: OptionalIntLike,
  time_end: OptionalIntLike,
  place: OptionalIntLike,
  meeting_id: OptionalIntLike,
});
type CreateBody = Static<typeof CreateBody>;

const AppointmentBody = Type.Object({ lang: Lang, meeting_id: IntLike });
const RejectBody = Type.Object({
  lang: Lang,
  meeting_id: IntLike,
  reason: Type.Optional(Type.Union([Type.String({ maxLength: APPOINTMENT_TEXT_MAX }), Type.Null()])),
});

const DataQuery = Type.Object({
  lang: Lang,
  event_id: Id,
  user_id: Id,
  date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })),
});

const MyQuery = Type.Object({
  lang: Lang,
  for_all_events: Flag,
  event_id: Type.Optional(Id),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
  role: Type.Optional(Type.Integer({ minimum: 1, maximum: 6 })),
});
type MyQuery = Static<typeof MyQuery>;

const IdParams = Type.Object({ id: Id });
const LangQuery = Type.Object({ lang: Lang });

const checkRequest = TypeCompiler.Compile(AppointmentRequestPayload);

function toInt(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
}

/** The legacy body as the command payload, so both paths run through the one contract schema. */
export function requestPayload(body: CreateBody): AppointmentRequestPayload {
  const anyTime =
    body.any_time === null || body.any_time === undefined
      ? undefined
      : body.any_time === true || body.any_time === 1 || body.any_time === 'true' || body.any_time === '1';
  const payload: Record<string, unknown> = {
    event_id: toInt(body.event_id),
    user_id: toInt(body.user_id),
    date: body.date,
    comment: body.comment ?? '',
  };
  if (anyTime !== undefined) payload.any_time = anyTime;
  const timeStart = toInt(body.time_start);
  if (timeStart) payload.time_start = timeStart;
  const timeEnd = toInt(body.time_end);
  if (timeEnd) payload.time_end = timeEnd;
  const place = toInt(body.place);
  if (place) payload.place = place;
  const meetingId = toInt(body.meeting_id);
  if (meetingId) payload.meeting_id = meetingId;
  if (!checkRequest.Check(payload)) {
    const first = checkRequest.Errors(payload).First();
    throw new DomainError('invalid_input', first?.path.replace(/^\//, '') || 'body');
  }
  return payload as AppointmentRequestPayload;
}

export async function meetingsApi(app: FastifyInstance) {
  /** The appointment as `viewerId` sees it, for the answers of the write calls. */
  const answer = async (viewerId: number, id: number) => {
    const row = await viewerAppointment(app.db, viewerId, id);
    if (!row) throw new DomainError('appointment_not_found');
    return ok(toLegacyAppointment(row));
  };

  app.post<{ Body: CreateBody }>('/api/meetings/create-meeting', { schema: { body: CreateBody } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const payload = requestPayload(request.body);
    const effect = await app.writer.run((trx) => requestAppointment(trx, user.id, payload, null));
    const id = Number(effect.ids[0]);
    return answer(user.id, id);
  });

  app.post<{ Body: Static<typeof AppointmentBody> }>('/api/meetings/approve-meeting', { schema: { body: AppointmentBody } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const appointmentId = appointmentIdOf(request.body.meeting_id);
    await app.writer.run((trx) => approveAppointment(trx, user.id, { meeting_id: appointmentId }, null));
    return answer(user.id, appointmentId);
  });

  app.post<{ Body: Static<typeof RejectBody> }>('/api/meetings/reject-meeting', { schema: { body: RejectBody } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const appointmentId = appointmentIdOf(request.body.meeting_id);
    const reason = request.body.reason ?? '';
    await app.writer.run((trx) => rejectAppointment(trx, user.id, { meeting_id: appointmentId, reason }, null));
    return answer(user.id, appointmentId);
  });

  app.get<{ Querystring: Static<typeof DataQuery> }>('/api/meetings/get-meeting-data', { schema: { querystring: DataQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { event_id, user_id, date } = request.query;
    return ok(await availability(app.db, user.id, { event_id, user_id, date }));
  });

  app.get<{ Querystring: MyQuery }>('/api/meetings/my-meeting', { schema: { querystring: MyQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const q = request.query;
    const offset = q.offset ?? 0;
    if (isOn(q.for_all_events)) {
      const limit = q.limit ?? MY_APPOINTMENT_EVENTS_PAGE_SIZE;
      const page = await viewerAppointmentEvents(app.db, user.id, limit, offset);
      const ids = page.rows.map((r) => r.event_id);
      const rows = await eventRowsByIds(app.db, ids);
      const rel = ids.length ? await viewerRelations(app.db, user.id, ids) : new Map();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const data = page.rows.flatMap((p) => {
        const row = byId.get(p.event_id);
        return row ? [{ ...toLegacyEvent(row, rel.get(p.event_id) ?? GUEST_RELATION), count: p.count }] : [];
      });
      return ok({ data, count_data: page.total });
    }
    if (q.event_id === undefined) throw new DomainError('invalid_input', 'event_id');
    const event = await requireEvent(app.db, q.event_id);
    const limit = q.limit ?? MY_APPOINTMENTS_PAGE_SIZE;
    const role = q.role === undefined ? null : (MEETING_ROLE_FILTER[q.role] ?? null);
    const page = await viewerAppointmentsOfEvent(app.db, user.id, event.id, role, limit, offset);
    const results = page.rows.map((r) => ({ ...toLegacyAppointment(r), timezone: event.timezone }));
    return ok({ results, count: page.count, timezone: event.timezone });
  });

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof LangQuery> }>(
    '/api/meetings/:id',
    { schema: { params: IdParams, querystring: LangQuery } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const row = await viewerAppointment(app.db, user.id, request.params.id);
      if (!row || row.deleted) return notTheirs(app, request.params.id);
      const appointment = toLegacyAppointment(row);
      if (row.response === 3) {
        return reply.send({ status_code: 203, data: appointment, error: 'appointment_canceled_before' });
      }
      return ok(appointment);
    },
  );

  await app.register(manageMeetingApi);
}

function appointmentIdOf(value: string | number): number {
  // Old clients may send "007": read as a number first, as toInt does.
  const id = parseId(Number(value));
  if (id === undefined) throw new DomainError('invalid_input', 'meeting_id');
  return id;
}

/** 403 when the appointment exists (it is somebody else's), 404 when it does not. */
async function notTheirs(app: FastifyInstance, id: number): Promise<never> {
  throw new DomainError((await appointmentExists(app.db, id)) ? 'forbidden' : 'appointment_not_found');
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { DomainError, ERROR_CODES } from '../../../contract/errors.ts';
import { APPOINTMENT_INVITES_MAX } from '../../../contract/appointments.ts';
import { MAX_ID, parseId } from '../../../contract/ids.ts';
import { inviteToCall } from '../../domain/appointments/service.ts';
import { callAccess, frameLink, roomUrl } from '../../domain/appointments/video.ts';
import { viewerRelations } from '../../domain/events/list-repository.ts';
import { findTrack } from '../../domain/events/repository.ts';
import { requireEvent } from '../../domain/events/service.ts';
import { ok } from '../envelope.ts';
import { framePage } from './frame-page.ts';
import { Lang, needUser } from './events-shared.ts';

/**
 * The call links of networking.md §7 (`/api/manage-meeting/...`). Registered inside meetingsApi, so
 * it answers errors the same way (the catalogue's status_code in an HTTP 200 envelope).
 *
 * - join-by-meeting?meeting_id= is a meeting's call frame and its invitation link. Fetched by
 *   script it answers {url} of the video room; opened by the browser (a frame or a tab) it checks
 *   the session and redirects to the room, or to the login broadcast when signed out, so the page
 *   and the replicated documents never carry the room itself (server/domain/appointments/video.ts).
 *   Only the two people and those they invited get in, and only once the meeting is accepted.
 * - join?eventId=&meetingId= is the SDK's "video link": {url} of the room. Without a meeting it is
 *   the event's stream, as join-by-flow with track -1.
 * - {eventId}/join-by-flow/{trackId} answers {url} of the event's stream frame
 *   (/api/events/webinar/{eventId}, which checks the right to watch again when opened). Tracks share
 *   the event's one stream; -1 is the main stage. A non-online or finished event answers
 *   event_finished ("Event has been finished"), a viewer without the right ticket_required.
 * - get-users-links-to-invite {usersIds, meetingId} invites visitors of the event into the call and
 *   answers urls_to_invite [{id, full_name, url}], url being the absolute join-by-meeting link.
 */

const IntLike = Type.Union([Type.Integer({ minimum: 1, maximum: MAX_ID }), Type.String({ pattern: '^[1-9]\\d{0,9}$' })]);

const JoinQuery = Type.Object({
  lang: Lang,
  eventId: Type.Optional(IntLike),
  event_id: Type.Optional(IntLike),
  meetingId: Type.Optional(IntLike),
  meeting_id: Type.Optional(IntLike),
});
type JoinQuery = Static<typeof JoinQuery>;

const FlowParams = Type.Object({
  eventId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  trackId: Type.Integer({ minimum: -1, maximum: MAX_ID }),
});

const InviteBody = Type.Object({
  lang: Lang,
  usersIds: Type.Array(IntLike, { minItems: 1, maxItems: APPOINTMENT_INVITES_MAX }),
  meetingId: Type.Optional(IntLike),
  meeting_id: Type.Optional(IntLike),
});

/** The first of the names an id may come under (the specs use both spellings). */
function idOf(...values: (string | number | undefined)[]): number | undefined {
  const v = values.find((x) => x !== undefined);
  return v === undefined ? undefined : parseId(Number(v));
}

/** A top-level or frame navigation, as opposed to a script's fetch. */
function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

const PAGE_TEXT: Partial<Record<string, string>> & { invalid_input: string } = {
  appointment_not_found: 'Appointment has not been found',
  appointment_canceled_before: 'Appointment was canceled before',
  forbidden: 'This call is not open to you.',
  invalid_input: 'This link is not valid.',
};

export async function manageMeetingApi(app: FastifyInstance) {
  /** The event's stream frame, for a viewer who may watch it. */
  const streamLink = async (userId: number, eventId: number, trackId: number) => {
    const event = await requireEvent(app.db, eventId);
    if (!event.is_webinar || event.ends_at.getTime() <= Date.now()) throw new DomainError('event_finished');
    if (trackId !== -1) {
      if (!(await findTrack(app.db, eventId, trackId))) throw new DomainError('not_found', 'trackId');
    }
    const rel = (await viewerRelations(app.db, userId, [eventId])).get(eventId);
    if (!rel?.webinar_link) throw new DomainError('ticket_required');
    return { url: `/api/events/webinar/${eventId}` };
  };

  app.get<{ Querystring: JoinQuery }>('/api/manage-meeting/join', { schema: { querystring: JoinQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const q = request.query;
    const eventId = idOf(q.eventId, q.event_id);
    const meetingId = idOf(q.meetingId, q.meeting_id);
    if (meetingId !== undefined) {
      const access = await callAccess(app.db, user.id, meetingId);
      if (eventId !== undefined && eventId !== access.eventId) throw new DomainError('invalid_input', 'eventId');
      return ok({ url: roomUrl(app.config.videoBaseUrl, access.room), meeting_id: access.appointmentId });
    }
    if (eventId === undefined) throw new DomainError('invalid_input', 'meetingId');
    return ok(await streamLink(user.id, eventId, -1));
  });

  app.get<{ Querystring: JoinQuery }>('/api/manage-meeting/join-by-meeting', { schema: { querystring: JoinQuery } }, async (request, reply) => {
    const navigation = isNavigation(request);
    const meetingId = idOf(request.query.meeting_id, request.query.meetingId);
    if (navigation) {
      if (!request.user) return reply.header('cache-control', 'no-store').redirect(`/oauth/broadcast?return_url=${encodeURIComponent(request.url)}`);
      if (meetingId === undefined) return framePage(reply, 400, PAGE_TEXT.invalid_input);
      try {
        const access = await callAccess(app.db, request.user.id, meetingId);
        return reply.header('cache-control', 'no-store').redirect(roomUrl(app.config.videoBaseUrl, access.room));
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const status = ERROR_CODES[err.code].legacyStatus;
        return framePage(
          reply,
          status >= 400 ? status : 409,
          PAGE_TEXT[err.detail === 'not_approved' ? 'forbidden' : err.code] ?? 'This call is not available.',
        );
      }
    }
    const user = needUser(request, reply);
    if (!user) return reply;
    if (meetingId === undefined) throw new DomainError('invalid_input', 'meeting_id');
    const access = await callAccess(app.db, user.id, meetingId);
    return ok({ url: roomUrl(app.config.videoBaseUrl, access.room), meeting_id: access.appointmentId });
  });

  app.get<{ Params: Static<typeof FlowParams>; Querystring: { lang?: string } }>(
    '/api/manage-meeting/:eventId/join-by-flow/:trackId',
    { schema: { params: FlowParams, querystring: Type.Object({ lang: Lang }) } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      return ok(await streamLink(user.id, request.params.eventId, request.params.trackId));
    },
  );

  app.post<{ Body: Static<typeof InviteBody> }>('/api/manage-meeting/get-users-links-to-invite', { schema: { body: InviteBody } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const meetingId = idOf(request.body.meetingId, request.body.meeting_id);
    if (meetingId === undefined) throw new DomainError('invalid_input', 'meetingId');
    const ids = request.body.usersIds.map((v) => idOf(v));
    if (ids.some((v) => v === undefined)) throw new DomainError('invalid_input', 'usersIds');
    const { invited } = await app.writer.run((trx) => inviteToCall(trx, user.id, meetingId, ids as number[]));
    const origin = `${request.protocol}://${request.host}`;
    return ok({ urls_to_invite: invited.map((u) => ({ id: u.id, full_name: u.full_name, url: `${origin}${frameLink(meetingId)}` })) });
  });
}

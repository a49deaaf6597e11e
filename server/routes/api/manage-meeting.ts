import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { DomainError, ERROR_CODES } from '../../../contract/errors.ts';
import { APPOINTMENT_INVITES_MAX } from '../../../contract/appointments.ts';
import { writeTx } from '../../db/tx.ts';
import { viewerRelations } from '../../domain/events/queries.ts';
import { loadMeetingEvent } from '../../domain/appointments/repository.ts';
import { inviteToCall } from '../../domain/appointments/service.ts';
import { callAccess, frameLink, roomUrl } from '../../domain/appointments/video.ts';
import { ok } from '../envelope.ts';
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

const IntLike = Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.String({ pattern: '^[1-9]\\d{0,9}$' })]);

const JoinQuery = Type.Object({
  lang: Lang,
  eventId: Type.Optional(IntLike),
  event_id: Type.Optional(IntLike),
  meetingId: Type.Optional(IntLike),
  meeting_id: Type.Optional(IntLike),
});
type JoinQuery = Static<typeof JoinQuery>;

const FlowParams = Type.Object({
  eventId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  trackId: Type.Integer({ minimum: -1, maximum: 2147483647 }),
});

const InviteBody = Type.Object({
  lang: Lang,
  usersIds: Type.Array(IntLike, { minItems: 1, maxItems: APPOINTMENT_INVITES_MAX }),
  meetingId: Type.Optional(IntLike),
  meeting_id: Type.Optional(IntLike),
});

function idOf(...values: (string | number | undefined)[]): number | undefined {
  const v = values.find((x) => x !== undefined);
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 && n <= 2147483647 ? n : undefined;
}

/** A top-level or frame navigation, as opposed to a script's fetch. */
function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

function page(reply: FastifyReply, status: number, text: string) {
  const esc = text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
    .send(`<!doctype html><html><head><meta charset="utf-8"><title>${esc}</title>
<style>body{margin:0;display:grid;place-items:center;height:100vh;background:#111;color:#eee;font:16px system-ui,sans-serif;text-align:center;padding:1rem;box-sizing:border-box}</style>
</head><body><p>${esc}</p></body></html>`);
}

const PAGE_TEXT: Partial<Record<string, string>> = {
  appointment_not_found: 'Appointment has not been found',
  appointment_canceled_before: 'Appointment was canceled before',
  forbidden: 'This call is not open to you.',
  invalid_input: 'This link is not valid.',
};

export async function manageMeetingApi(app: FastifyInstance) {
  /** The event's stream frame, for a viewer who may watch it. */
  const streamLink = async (userId: number, eventId: number, trackId: number) => {
    const event = await loadMeetingEvent(app.db, eventId);
    if (!event) throw new DomainError('event_not_found');
    if (event.deleted) throw new DomainError('event_removed');
    if (!event.is_webinar || event.ends_at.getTime() <= Date.now()) throw new DomainError('event_finished');
    if (trackId !== -1) {
      const track = await app.db.selectFrom('tracks').select('id').where('id', '=', trackId).where('event_id', '=', eventId).where('deleted', '=', false).executeTakeFirst();
      if (!track) throw new DomainError('not_found', 'trackId');
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
      return ok({ url: roomUrl(app.config.videoBaseUrl, access.room), meeting_id: access.meetingId });
    }
    if (eventId === undefined) throw new DomainError('invalid_input', 'meetingId');
    return ok(await streamLink(user.id, eventId, -1));
  });

  app.get<{ Querystring: JoinQuery }>('/api/manage-meeting/join-by-meeting', { schema: { querystring: JoinQuery } }, async (request, reply) => {
    const navigation = isNavigation(request);
    const meetingId = idOf(request.query.meeting_id, request.query.meetingId);
    if (navigation) {
      if (!request.user) return reply.header('cache-control', 'no-store').redirect(`/oauth/broadcast?return_url=${encodeURIComponent(request.url)}`);
      if (meetingId === undefined) return page(reply, 400, PAGE_TEXT.invalid_input!);
      try {
        const access = await callAccess(app.db, request.user.id, meetingId);
        return reply.header('cache-control', 'no-store').redirect(roomUrl(app.config.videoBaseUrl, access.room));
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const status = ERROR_CODES[err.code].legacyStatus;
        return page(reply, status >= 400 ? status : 409, PAGE_TEXT[err.detail === 'not_approved' ? 'forbidden' : err.code] ?? 'This call is not available.');
      }
    }
    const user = needUser(request, reply);
    if (!user) return reply;
    if (meetingId === undefined) throw new DomainError('invalid_input', 'meeting_id');
    const access = await callAccess(app.db, user.id, meetingId);
    return ok({ url: roomUrl(app.config.videoBaseUrl, access.room), meeting_id: access.meetingId });
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
    const invited = await writeTx(app.db, (trx) => inviteToCall(trx, user.id, meetingId, ids as number[]));
    const origin = `${request.protocol}://${request.host}`;
    return ok({ urls_to_invite: invited.map((u) => ({ id: u.id, full_name: u.full_name, url: `${origin}${frameLink(meetingId)}` })) });
  });
}

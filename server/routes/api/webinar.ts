import type { FastifyInstance } from 'fastify';
import { viewerRelations } from '../../domain/events/list-repository.ts';
import { findEvent, findEventByWebinarLink } from '../../domain/events/repository.ts';
import { parseId } from '../envelope.ts';
import { framePage } from './frame-page.ts';

/**
 * The video frame of an online event. The page never sees the stream address: the frame opens this
 * call, which checks the right to watch (ticket, owner, or checked in to a free event) and only then
 * redirects to the organiser's stream. Answers are small HTML pages because they render inside the
 * frame, where an envelope would show as raw JSON.
 */
export async function webinarApi(app: FastifyInstance) {
  app.get<{ Params: { eventId: string } }>('/api/events/webinar/:eventId', async (request, reply) => {
    const eventId = parseId(request.params.eventId);
    if (!eventId) return framePage(reply, 404, 'Not found', 'Broadcast not found.');
    if (!request.user) return framePage(reply, 401, 'Sign in', 'Sign in to watch the broadcast.');
    const event = await findEvent(app.db, eventId);
    if (!event || event.deleted || !event.is_webinar) return framePage(reply, 404, 'Not found', 'Broadcast not found.');
    const rel = (await viewerRelations(app.db, request.user.id, [eventId])).get(eventId);
    if (!rel?.webinar_link) return framePage(reply, 403, 'Ticket needed', 'A ticket to this event is needed to watch.');
    return reply.header('cache-control', 'no-store').redirect(rel.webinar_link);
  });

  // The demo events have no real stream. Their webinar_link points here, to a page that stands in for
  // the organiser's player and says so, so the demo works on a venue network with no internet.
  app.get<{ Params: { slug: string } }>('/live/:slug', async (request, reply) => {
    if (!request.user) return framePage(reply, 401, 'Sign in', 'Sign in to watch the broadcast.');
    const event = await findEventByWebinarLink(app.db, `/live/${request.params.slug}`);
    if (!event) return framePage(reply, 404, 'Not found', 'Broadcast not found.');
    const rel = (await viewerRelations(app.db, request.user.id, [event.id])).get(event.id);
    if (!rel?.webinar_link) return framePage(reply, 403, 'Ticket needed', 'A ticket to this event is needed to watch.');
    return framePage(reply, 200, event.name, `${event.name} — demo broadcast. An organiser's stream plays here.`);
  });
}

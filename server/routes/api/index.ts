import type { FastifyInstance } from 'fastify';
import { eventsApi } from './events.ts';
import { webinarApi } from './webinar.ts';

/** The specs' legacy REST calls, in the {status_code, data} envelope, one module per area. */
export async function apiRoutes(app: FastifyInstance) {
  // Events: lists, event page, favorites, check-in, schedules, trip plans (events.ts registers the rest).
  await app.register(eventsApi);
  // The video frame of online events; checks the right to watch before revealing the stream.
  await app.register(webinarApi);
}

import type { FastifyInstance } from 'fastify';
import { eventsApi } from './events.ts';
import { webinarApi } from './webinar.ts';
import { visitorsApi } from './visitors.ts';
import { usersApi } from './users.ts';
import { profileApi } from './profile.ts';
import { meetingsManagerApi } from './meetings-manager.ts';
import { meetingsApi } from './meetings.ts';
import { companiesApi } from './companies.ts';
import { ticketsApi } from './tickets.ts';
import { checkinApi } from './checkin.ts';
import { chatApi } from './chat.ts';
import { messagesApi } from './messages.ts';

/** The specs' legacy REST calls, in the {status_code, data} envelope, one module per area. */
export async function apiRoutes(app: FastifyInstance) {
  // Events: lists, event page, favorites, check-in, schedules, trip plans (events.ts registers the rest).
  await app.register(eventsApi);
  // The video frame of online events; checks the right to watch before revealing the stream.
  await app.register(webinarApi);
  // Visitors and people lists, likes, favorites, friends, profile, visitor categories and the
  // country/city selects (networking.md §7).
  await app.register(visitorsApi);
  await app.register(usersApi);
  await app.register(profileApi);
  await app.register(meetingsManagerApi);
  // One-to-one appointments and their calls (meetings/*, manage-meeting/*; networking.md §7).
  await app.register(meetingsApi);
  // Companies (stands), tickets with their PDF and email, ticket design, and the door calls of
  // organisers (events.md §7; door scans themselves are the ticket.scan sync command).
  await app.register(companiesApi);
  await app.register(ticketsApi);
  await app.register(checkinApi);
  // Event chat with moderation and chat pictures, private messages (events.md §7, networking.md §7).
  await app.register(chatApi);
  await app.register(messagesApi);
}

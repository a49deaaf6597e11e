import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { legacyErrorHandler } from '../envelope.ts';
import { accountApi } from './account.ts';
import { adminApi } from './admin.ts';
import { calendarApi, calendarFeedRoutes } from './calendar.ts';
import { referralsApi } from './referrals.ts';
import { contactsApi } from './contacts.ts';
import { leadsApi } from './leads.ts';
import { pushApi } from './push.ts';
import { chatApi } from './chat.ts';
import { checkinApi } from './checkin.ts';
import { checkoutApi } from './checkout.ts';
import { companiesApi } from './companies.ts';
import { eventsApi } from './events.ts';
import { UPLOAD_DEFAULTS } from './forms.ts';
import { clampPageLimits } from './page-limits.ts';
import { meetingsManagerApi } from './meetings-manager.ts';
import { meetingsApi } from './meetings.ts';
import { ordersApi } from './orders.ts';
import { cancelRequestsApi } from './cancel-requests.ts';
import { messagesApi } from './messages.ts';
import { profileApi } from './profile.ts';
import { ticketsApi } from './tickets.ts';
import { usersApi } from './users.ts';
import { visitorsApi } from './visitors.ts';
import { webinarApi } from './webinar.ts';

/** The specs' legacy REST calls, one module per area. */
export async function apiRoutes(app: FastifyInstance) {
  // The video frame of online events: small HTML pages, since they render inside a frame.
  await app.register(webinarApi);
  // The personal calendar feed calendar apps poll (text/calendar, not the envelope).
  await app.register(calendarFeedRoutes);
  await app.register(legacyApi);
}

/**
 * Everything that answers in the {status_code, data} envelope. The error handler, the form parser
 * (old clients post url-encoded forms) and the multipart parser (pictures) are set once here, so
 * every area gets the same limits and the same errors.
 */
async function legacyApi(app: FastifyInstance) {
  app.setErrorHandler(legacyErrorHandler);
  // Before any route: a `limit` above a route's cap is clamped to it (page-limits.ts).
  clampPageLimits(app);
  await app.register(formbody);
  // Each upload route asks for its own, smaller limits (forms.ts readUploadForm).
  await app.register(multipart, { limits: UPLOAD_DEFAULTS });

  // Events: lists, event page, favorites, check-in, schedules, trip plans (events.ts registers the rest).
  await app.register(eventsApi);
  // Visitors and people lists, likes, favorites, friends, profile, visitor categories and the
  // country/city selects (networking.md §7).
  await app.register(visitorsApi);
  await app.register(usersApi);
  await app.register(profileApi);
  // The settings page's avatar upload (issue 15).
  await app.register(accountApi);
  // The organisers' picture uploads (issue 14); their other writes are sync commands.
  await app.register(adminApi);
  await app.register(meetingsManagerApi);
  // One-to-one appointments and their calls (meetings/*, manage-meeting/*; networking.md §7).
  await app.register(meetingsApi);
  // Companies (stands), tickets with their PDF and email, ticket design, and the door calls of
  // organisers (events.md §7; door scans themselves are the ticket.scan sync command).
  await app.register(companiesApi);
  await app.register(ticketsApi);
  await app.register(checkinApi);
  // Buying tickets and the organisers' orders (issue 15): plain calls, never queued.
  await app.register(checkoutApi);
  await app.register(ordersApi);
  await app.register(cancelRequestsApi);
  // Event chat with moderation and chat pictures, private messages (events.md §7, networking.md §7).
  await app.register(chatApi);
  await app.register(messagesApi);
  // The calendar feed's state for its page (issue 16).
  await app.register(calendarApi);
  // Who came through the user's referral links (issue 16).
  await app.register(referralsApi);
  // Meet by QR (issue 31): the signed-in person's own contact code; scans are sync commands.
  await app.register(contactsApi);
  await app.register(leadsApi);
  // Web Push (issue 31): the key browsers subscribe with; subscriptions are sync commands.
  await app.register(pushApi);
}

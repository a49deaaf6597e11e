import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { CALENDAR_FEED_PATH, CALENDAR_PAST_DAYS, CALENDAR_TOKEN_PATTERN } from '../../../contract/calendar.ts';
import { buildCalendarFeed, feedLocale } from '../../domain/calendar/ics.ts';
import { feedEvents, feedMeetings, feedSpeeches, notePolled } from '../../domain/calendar/repository.ts';
import { feedStatus, ownerOfToken } from '../../domain/calendar/service.ts';
import { ok } from '../envelope.ts';
import { Lang, needUser } from './events-shared.ts';

/**
 * The personal calendar feed (issue 16).
 *
 * - GET /calendar/feed.ics?token=…: the feed itself, text/calendar, for calendar apps to poll. The
 *   secret is a query parameter, so the request log redacts it like every `token`. An unknown,
 *   revoked or malformed address answers 404 (the same for all three), never anything about whose
 *   it was. Repeat fetches of an unchanged feed answer 304 to their ETag.
 * - GET /api/calendar/feed: whether the signed-in user has an address, its key (contract/calendar.ts)
 *   and when a calendar app last fetched it; the address itself lives on the device that made it.
 * Setting and revoking the address is the `calendar.feed` command.
 */

const FeedQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 64 })), lang: Lang });
const TOKEN = new RegExp(CALENDAR_TOKEN_PATTERN);
/** A calendar app polls every few minutes; the fetch time is noted no more often than this. */
const POLL_NOTE_EVERY_MS = 10 * 60 * 1000;

export async function calendarFeedRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Static<typeof FeedQuery> }>(CALENDAR_FEED_PATH, { schema: { querystring: FeedQuery } }, async (request, reply) => {
    const token = request.query.token ?? '';
    const owner = TOKEN.test(token) ? await ownerOfToken(app.db, token) : undefined;
    // Not the legacy envelope: calendar apps want a status they understand.
    if (!owner) return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
    const now = new Date();
    const since = new Date(now.getTime() - CALENDAR_PAST_DAYS * 86_400_000);
    const [meetings, events, speeches] = await Promise.all([
      feedMeetings(app.db, owner.id, since),
      feedEvents(app.db, owner.id, since),
      feedSpeeches(app.db, owner.id, since),
    ]);
    // The person's own language when they chose one, else what the address asked for.
    const lang = feedLocale(owner.locale || request.query.lang);
    const body = buildCalendarFeed({ meetings, events, speeches, lang, publicUrl: app.config.publicUrl, now });
    // DTSTAMP changes on every answer; the ETag is over what does not.
    const etag = `"${createHash('sha256')
      .update(body.replace(/^DTSTAMP:.*$/gm, ''))
      .digest('base64url')
      .slice(0, 27)}"`;
    void notePolled(app.db, owner.id, now, POLL_NOTE_EVERY_MS).catch((err: unknown) => request.log.warn(err, 'noting a calendar fetch failed'));
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="foyer.ics"').send(body);
  });
}

export async function calendarApi(app: FastifyInstance) {
  app.get('/api/calendar/feed', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    reply.header('cache-control', 'no-store');
    return ok(await feedStatus(app.db, user.id));
  });
}

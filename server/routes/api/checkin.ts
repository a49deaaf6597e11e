import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { API_MAX_LIMIT } from '../../../contract/constants.ts';
import { SCAN_CODE_MAX, TICKET_PAYLOAD_PREFIX, importTicketPublicKey, parseTicketPayload, verifyTicketSignature } from '../../../contract/checkin.ts';
import { toUnix } from '../../db/tx.ts';
import { conflicts, doorEvents, doorStats, doorTicketInEvent, listScans, staffList } from '../../domain/checkin/repository.ts';
import { addStaff, removeStaff, requireDoor, requireOwner } from '../../domain/checkin/service.ts';
import { checkinListsOf } from '../../domain/checkin/lists.ts';
import { configureTicketSigning, eventPublicKey } from '../../domain/signing/keys.ts';
import { mailLocale } from '../../mail/texts.ts';
import { fail, ok } from '../envelope.ts';
import { Flag, Id, isOn, Lang, needUser } from './events-shared.ts';

/**
 * Calls of door devices and organisers (new; the specs have none). Scans themselves travel as the
 * `ticket.scan` sync command and come back in the `door_tickets` feed. Owners and the door staff
 * they name may use the door calls; naming staff is the owners' alone; anybody else gets
 * `forbidden`.
 *
 * - GET /api/checkin/events: the events the user may check tickets for, with their role.
 * - GET /api/checkin/key?event_id=: the event's Ed25519 public key for offline validation
 *   {event_id, algorithm, public_key (32 bytes, base64url), payload_prefix, role}.
 * - GET /api/checkin/stats?event_id=: the head count (each ticket once), scan counts, and `listed`,
 *   how many tickets the event's door feed holds (a door's download shows "n of N").
 * - GET /api/checkin/ticket?event_id=&code=: the online check of a door that cannot judge a code
 *   yet (its tickets still downloading, or no key): the event's door ticket for that code or signed
 *   payload, or null, and for a signed payload whether the event's key verifies it. Nothing is
 *   recorded: the door judges with the answer and records the scan as usual.
 * - GET /api/checkin/lists?event_id=: the event's check-in lists with their live counts (in now, of
 *   how many they admit), its time zone, days and ticket types; door devices keep it offline.
 * - GET /api/checkin/conflicts?event_id=: tickets admitted more than once, with devices and times.
 * - GET /api/checkin/scans?event_id=&limit=&offset=&unmatched=1: every recorded scan, newest first;
 *   with unmatched=1 only those matching no ticket of the event (door devices hold the rest).
 * - GET /api/checkin/staff?event_id=, POST /api/checkin/staff {event_id, user_id | email},
 *   POST /api/checkin/staff/remove {event_id, user_id}: door staff, owners only.
 */

const EventQuery = Type.Object({ lang: Lang, event_id: Id });
const TicketQuery = Type.Object({ lang: Lang, event_id: Id, code: Type.String({ minLength: 1, maxLength: SCAN_CODE_MAX }) });
const ScansQuery = Type.Object({
  lang: Lang,
  event_id: Id,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  unmatched: Flag,
});
const StaffBody = Type.Object({
  lang: Lang,
  event_id: Id,
  user_id: Type.Optional(Id),
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
});
const StaffRemoveBody = Type.Object({ lang: Lang, event_id: Id, user_id: Id });

export async function checkinApi(app: FastifyInstance) {
  configureTicketSigning(app.config.ticketSigningKey);
  doorRoutes(app);
  scanReviewRoutes(app);
  staffRoutes(app);
}

/** What a door device needs: its events, the key, the counts, the online check and the lists. */
function doorRoutes(app: FastifyInstance) {
  app.get('/api/checkin/events', { schema: { querystring: Type.Object({ lang: Lang }) } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const rows = await doorEvents(app.db, user.id);
    return ok({
      items: rows.map((r) => ({
        event_id: r.event_id,
        name: r.name,
        when: toUnix(r.starts_at),
        when_end: toUnix(r.ends_at),
        timezone: r.timezone,
        role: r.role,
      })),
    });
  });

  app.get<{ Querystring: Static<typeof EventQuery> }>('/api/checkin/key', { schema: { querystring: EventQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const eventId = request.query.event_id;
    const role = await requireDoor(app.db, eventId, user.id);
    reply.header('cache-control', 'private, no-store');
    return ok({ event_id: eventId, algorithm: 'Ed25519', public_key: await eventPublicKey(app.db, eventId), payload_prefix: TICKET_PAYLOAD_PREFIX, role });
  });

  app.get<{ Querystring: Static<typeof EventQuery> }>('/api/checkin/stats', { schema: { querystring: EventQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    await requireDoor(app.db, request.query.event_id, user.id);
    return ok(await doorStats(app.db, request.query.event_id));
  });

  app.get<{ Querystring: Static<typeof TicketQuery> }>('/api/checkin/ticket', { schema: { querystring: TicketQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const eventId = request.query.event_id;
    await requireDoor(app.db, eventId, user.id);
    reply.header('cache-control', 'private, no-store');
    const parsed = parseTicketPayload(request.query.code);
    if (parsed.kind === 'signed') {
      // Another event's payload names no ticket of this one: the door refuses it as such itself.
      if (parsed.eventId !== eventId) return ok({ ticket: null, signature: null });
      const key = await importTicketPublicKey(await eventPublicKey(app.db, eventId));
      const signature = await verifyTicketSignature(key, parsed);
      return ok({ ticket: signature ? ((await doorTicketInEvent(app.db, eventId, { ticketId: parsed.ticketId })) ?? null) : null, signature });
    }
    if (parsed.kind === 'plain') return ok({ ticket: (await doorTicketInEvent(app.db, eventId, { code: parsed.code })) ?? null, signature: null });
    return ok({ ticket: null, signature: null });
  });

  app.get<{ Querystring: Static<typeof EventQuery> }>('/api/checkin/lists', { schema: { querystring: EventQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    reply.header('cache-control', 'private, no-store');
    return ok(await checkinListsOf(app.db, request.query.event_id, user.id));
  });
}

/** The recorded scans, as the organisers go over them: double admissions and the full log. */
function scanReviewRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Static<typeof EventQuery> }>('/api/checkin/conflicts', { schema: { querystring: EventQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    await requireDoor(app.db, request.query.event_id, user.id);
    const items = await conflicts(app.db, request.query.event_id);
    return ok({ items, count: items.length });
  });

  app.get<{ Querystring: Static<typeof ScansQuery> }>('/api/checkin/scans', { schema: { querystring: ScansQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const q = request.query;
    await requireDoor(app.db, q.event_id, user.id);
    return ok(await listScans(app.db, q.event_id, q.limit ?? 50, q.offset ?? 0, isOn(q.unmatched)));
  });
}

/** Naming and removing door staff, the owners' alone. */
function staffRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Static<typeof EventQuery> }>('/api/checkin/staff', { schema: { querystring: EventQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    await requireOwner(app.db, request.query.event_id, user.id);
    const rows = await staffList(app.db, request.query.event_id);
    return ok({ items: rows.map((r) => ({ ...r, created_at: toUnix(r.created_at) })) });
  });

  app.post<{ Body: Static<typeof StaffBody> }>('/api/checkin/staff', { schema: { body: StaffBody } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const b = request.body;
    if (b.user_id === undefined && !b.email) return fail(reply, 'invalid_input', 'user_id');
    const { userId, mail } = await app.writer.run(
      (trx) => addStaff(trx, b.event_id, user.id, b.user_id !== undefined ? { user_id: b.user_id } : { email: b.email }, app.limits.invitations),
      { lang: mailLocale(request.headers['accept-language']) },
    );
    // By email the worker is invited, whoever the address belongs to: the answer says only that.
    if (mail) return ok({ result: true, invited: true });
    return ok({ result: true, user_id: userId });
  });

  app.post<{ Body: Static<typeof StaffRemoveBody> }>('/api/checkin/staff/remove', { schema: { body: StaffRemoveBody } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { event_id: eventId, user_id: staffId } = request.body;
    await app.writer.run((trx) => removeStaff(trx, eventId, user.id, staffId));
    return ok({ result: true });
  });
}

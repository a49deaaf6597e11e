import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { API_MAX_LIMIT, TICKETS_ASIDE_SIZE, TICKETS_PAGE_SIZE } from '../../../contract/constants.ts';
import { CHAT_IMAGE_MAX_BYTES } from '../../../contract/chat.ts';
import { DomainError } from '../../../contract/errors.ts';
import { TICKET_PERIODS, TicketDesignSettings } from '../../../contract/tickets.ts';
import { readDesignImage, sweepDesignImages, toDesignImageAnswer, visibleDesignImage } from '../../domain/tickets/design-images.ts';
import { mailLocale } from '../../mail/texts.ts';
import {
  designTicket,
  getTicketDesign,
  lastTickets,
  myTickets,
  saveTicketDesign,
  sendTicketEmail,
  ticketForViewer,
  ticketPdf,
  TicketEmailLocked,
  uploadDesignImage,
  userEventTickets,
} from '../../domain/tickets/service.ts';
import { toLegacyTicket, toTicketDoc } from '../../domain/tickets/repository.ts';
import { configureTicketSigning, ticketSigner } from '../../domain/signing/keys.ts';
import { sendUploadedImage } from '../files/uploads.ts';
import { fail, ok, parseId } from '../envelope.ts';
import { Flag, Id, isCrossSite, isOn, Lang, needUser } from './events-shared.ts';
import { readUploadForm, type UploadLimits } from './forms.ts';

/** A design picture's form: the picture and the event id. */
const DESIGN_IMAGE_FORM: UploadLimits = { fileSize: CHAT_IMAGE_MAX_BYTES, fields: 4, fieldSize: 1024 };

/**
 * The tickets calls of events.md §7, in the legacy envelope. All need a session (a guest gets
 * status_code 403 auth_required, a dead session HTTP 401).
 *
 * - GET /api/tickets?is_my=1&with_counts=1&period=all_time|future|past&limit=&offset=: the user's own
 *   tickets (there is no other list: organisers' door devices use the door feed), upcoming first.
 *   {total, count, tickets, counts{all,future,past}, countByCategories{all_count,future_count,past_count}};
 *   the counts only with with_counts=1. A ticket is "future" until its event has ended.
 * - GET /api/tickets/:id: one ticket, to its holder or an owner of its event.
 * - GET /api/tickets/:id/pdf: the printable PDF (holder or owner), `lang` picks its words.
 * - GET or POST /api/tickets/:id/send-to-email (the ticket's sendTicketToEmail link): emails the PDF to
 *   the holder's address; {result, sent_to, locked_until}. Within 60 s of the last send of that
 *   ticket: status_code 429 `ticket_email_locked` with data {locked_until, retry_after}. A GET that
 *   the browser labels cross-site is refused, so a link elsewhere cannot trigger a send.
 * - GET /api/events/get-user-tickets?event_id=&user_id=: {items, total}, the valid tickets of that
 *   user for that event; only about oneself, or asked by an owner of the event (forbidden otherwise).
 * - GET /api/events/get-last-tickets?limit=: the latest purchases, {items, total}. None is an empty
 *   list with status_code 200: the specs' clients read a 404 as "empty" (events.md §7), and they read
 *   an empty list the same way, while a client that does not know that rule shows no error.
 * - GET /api/events/ticket-design?event_id=&ticket_id= and POST /api/events/ticket-design
 *   {event_id, settings}: owners only; settings as contract/tickets.ts, the role rules enforced.
 *   Image fields hold '' or the URL of a picture uploaded for the same event (invalid_image else).
 * - POST /api/events/ticket-design/upload-image (multipart event_id, image): owners only; a picture
 *   for the design under the chat's rules (checked by its bytes, re-encoded, at most
 *   CHAT_IMAGE_MAX_BYTES), with a thumbnail: {result, image, image_thumb, name, width, height},
 *   the two URLs to put in the design. It shows on tickets once a saved design points at it.
 * - GET /api/events/ticket-design/images/:file: the picture, to the event's owners, to its uploader
 *   before it is saved and to holders of a valid ticket after; served only as an image.
 */

const LangQuery = Type.Object({ lang: Lang });
const ListQuery = Type.Object({
  lang: Lang,
  is_my: Flag,
  with_counts: Flag,
  period: Type.Optional(Type.Union(TICKET_PERIODS.map((p) => Type.Literal(p)))),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
const TicketParams = Type.Object({ ticketId: Id });
const UserTicketsQuery = Type.Object({ lang: Lang, event_id: Id, user_id: Type.Optional(Id) });
const LastQuery = Type.Object({ lang: Lang, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })) });
const DesignQuery = Type.Object({ lang: Lang, event_id: Id, ticket_id: Type.Optional(Id) });
/** settings may arrive as an object (JSON body) or as JSON text (a form post). */
const DesignBody = Type.Object({ lang: Lang, event_id: Id, settings: Type.Unknown() });
const designCheck = TypeCompiler.Compile(TicketDesignSettings);

export async function ticketsApi(app: FastifyInstance) {
  configureTicketSigning(app.config.ticketSigningKey);
  holderTicketRoutes(app);
  sendToEmailRoutes(app);
  eventTicketListRoutes(app);
  ticketDesignRoutes(app);
}

/** The holder's own tickets: the list, one ticket and its PDF. */
function holderTicketRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Static<typeof ListQuery> }>('/api/tickets', { schema: { querystring: ListQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const q = request.query;
    const { tickets, total, counts } = await myTickets(app.db, user.id, q.period ?? 'all_time', q.limit ?? TICKETS_PAGE_SIZE, q.offset ?? 0);
    return ok({
      total,
      count: total,
      tickets,
      ...(isOn(q.with_counts) ? { counts, countByCategories: { all_count: counts.all, future_count: counts.future, past_count: counts.past } } : {}),
    });
  });

  app.get<{ Params: Static<typeof TicketParams> }>(
    '/api/tickets/:ticketId',
    { schema: { params: TicketParams, querystring: LangQuery } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const row = await ticketForViewer(app.db, request.params.ticketId, user.id);
      return ok(toLegacyTicket(toTicketDoc(row, await ticketSigner(app.db))));
    },
  );

  app.get<{ Params: Static<typeof TicketParams>; Querystring: Static<typeof LangQuery> }>(
    '/api/tickets/:ticketId/pdf',
    { schema: { params: TicketParams, querystring: LangQuery }, onRequest: app.limits.throttle('ticket_pdf') },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const { pdf, filename } = await ticketPdf(app.db, app.config.dataDir, request.params.ticketId, user.id, mailLocale(request.query.lang));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}

function sendToEmailRoutes(app: FastifyInstance) {
  const send = async (request: FastifyRequest<{ Params: Static<typeof TicketParams>; Querystring: Static<typeof LangQuery> }>, reply: FastifyReply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    if (request.method === 'GET' && isCrossSite(request)) return fail(reply, 'forbidden');
    try {
      const sent = await sendTicketEmail(app.db, app.config, request.params.ticketId, user.id, mailLocale(request.query.lang));
      return ok({ result: true, sent_to: sent.to, locked_until: sent.lockedUntil });
    } catch (err) {
      if (err instanceof TicketEmailLocked) {
        const retryAfter = Math.max(1, err.lockedUntil - Math.floor(Date.now() / 1000));
        return reply.send({ status_code: 429, data: { locked_until: err.lockedUntil, retry_after: retryAfter }, error: 'ticket_email_locked' });
      }
      throw err;
    }
  };
  const sendOpts = { schema: { params: TicketParams, querystring: LangQuery }, onRequest: app.limits.throttle('ticket_email') };
  type SendRoute = { Params: Static<typeof TicketParams>; Querystring: Static<typeof LangQuery> };
  app.get<SendRoute>('/api/tickets/:ticketId/send-to-email', sendOpts, send);
  app.post<SendRoute>('/api/tickets/:ticketId/send-to-email', sendOpts, send);
}

/** An event's tickets as the event pages list them: one user's, and the latest purchases. */
function eventTicketListRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Static<typeof UserTicketsQuery> }>(
    '/api/events/get-user-tickets',
    { schema: { querystring: UserTicketsQuery } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const items = await userEventTickets(app.db, request.query.event_id, request.query.user_id ?? user.id, user.id);
      return ok({ items, total: items.length });
    },
  );

  app.get<{ Querystring: Static<typeof LastQuery> }>('/api/events/get-last-tickets', { schema: { querystring: LastQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const items = await lastTickets(app.db, user.id, request.query.limit ?? TICKETS_ASIDE_SIZE);
    return ok({ items, total: items.length });
  });
}

/** The organisers' ticket design, and the pictures it shows. */
function ticketDesignRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Static<typeof DesignQuery> }>('/api/events/ticket-design', { schema: { querystring: DesignQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { event_id: eventId, ticket_id: ticketId } = request.query;
    const settings = await getTicketDesign(app.db, eventId, user.id);
    return ok({ event_id: eventId, settings, ...(ticketId ? { ticket: await designTicket(app.db, eventId, ticketId) } : {}) });
  });

  app.post<{ Body: Static<typeof DesignBody> }>('/api/events/ticket-design', { schema: { body: DesignBody } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    let settings = request.body.settings;
    if (typeof settings === 'string') {
      try {
        settings = JSON.parse(settings);
      } catch {
        return fail(reply, 'invalid_input', 'settings');
      }
    }
    if (!designCheck.Check(settings)) return fail(reply, 'invalid_input', designCheck.Errors(settings).First()?.path ?? 'settings');
    const eventId = request.body.event_id;
    const next = settings;
    const saved = await app.writer.run((trx) => saveTicketDesign(trx, eventId, user.id, next));
    return ok({ event_id: eventId, settings: saved.settings });
  });

  app.post('/api/events/ticket-design/upload-image', { onRequest: app.limits.throttle('image_upload') }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    if (!request.isMultipart()) throw new DomainError('invalid_input', 'send the picture as multipart/form-data');
    const { fields, image } = await readUploadForm(request, 'image', DESIGN_IMAGE_FORM);
    const eventId = parseId(fields.event_id);
    if (eventId === undefined) throw new DomainError('invalid_input', 'event_id');
    const stored = await uploadDesignImage(app.writer, app.db, app.config.dataDir, eventId, user.id, image);
    void sweepDesignImages(app.db, app.config.dataDir).catch((err: unknown) => app.log.error(err, 'design picture sweep failed'));
    return ok(toDesignImageAnswer(stored));
  });

  app.get<{ Params: { file: string } }>('/api/events/ticket-design/images/:file', async (request, reply) => {
    const notFound = () => reply.code(404).header('x-content-type-options', 'nosniff').send({ error: 'not_found' });
    const file = request.params.file;
    if (!(await visibleDesignImage(app.db, file, request.user?.id ?? null))) return notFound();
    const data = await readDesignImage(app.config.dataDir, file);
    return data ? sendUploadedImage(reply, file, data) : notFound();
  });
}

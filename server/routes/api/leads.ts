import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { leadCountsFor, leadStandsOf } from '../../domain/companies/leads.ts';
import { ok } from '../envelope.ts';
import { Id, Lang, needUser } from './events-shared.ts';

/**
 * Leads at the stand (issue 31); the leads themselves ride in the stand members' `companies`
 * documents, and scans, notes, ratings, removals and withdrawals are commands.
 *
 * - GET /api/leads/mine: `{items}`, the stands that hold the signed-in person's details (stand,
 *   event, when scanned), newest first. The device keeps the answer (a read-through cache).
 * - GET /api/events/:eventId/leads/counts: `{items}`, every stand of the event with its number of
 *   leads, for the event's organisers; never who the leads are.
 */
export async function leadsApi(app: FastifyInstance) {
  app.get('/api/leads/mine', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    reply.header('cache-control', 'no-store');
    return ok({ items: await leadStandsOf(app.db, user.id) });
  });
  app.get<{ Params: { eventId: number } }>(
    '/api/events/:eventId/leads/counts',
    { schema: { params: Type.Object({ eventId: Id }), querystring: Type.Object({ lang: Lang }) } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      reply.header('cache-control', 'no-store');
      return ok({ items: await leadCountsFor(app.db, request.params.eventId, user.id) });
    },
  );
}

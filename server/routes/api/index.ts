import type { FastifyInstance } from 'fastify';

/** The specs' legacy REST calls, in the {status_code, data} envelope, one module per area. */
export async function apiRoutes(_app: FastifyInstance) {}

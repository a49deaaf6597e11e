import type { FastifyInstance, FastifyRequest, preValidationHookHandler, RouteOptions } from 'fastify';

/**
 * A paged legacy call asked for more than the server's cap gets the cap, not a refusal: the
 * specs' clients ask for what they like (a "show all" with limit=1000) and take `count` and
 * `offset` from the answer. Every route of the legacy area whose query schema bounds `limit` gets
 * this, so a new paged call cannot forget it. Below 1 or not a number is still refused.
 */
export function clampPageLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const max = capOf(route);
    if (max === undefined) return;
    const clamp: preValidationHookHandler = async (request: FastifyRequest) => {
      const query = request.query as Record<string, unknown> | undefined;
      const raw = query?.limit;
      if (!query || typeof raw !== 'string' || raw.trim() === '') return;
      const n = Number(raw);
      if (Number.isFinite(n) && n > max) query.limit = String(max);
    };
    const given = route.preValidation;
    route.preValidation = given === undefined ? [clamp] : [clamp, ...(Array.isArray(given) ? given : [given])];
  });
}

function capOf(route: RouteOptions): number | undefined {
  const schema = route.schema?.querystring as { properties?: { limit?: { maximum?: unknown } } } | undefined;
  const max = schema?.properties?.limit?.maximum;
  return typeof max === 'number' ? max : undefined;
}

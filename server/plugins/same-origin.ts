import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A state-changing request from another origin is refused outright. SameSite cookies already stop
 * most of it; this also covers browsers and clients that ignore SameSite. Sockets check their own
 * upgrade (realtime/sockets/connections.ts), which is a GET.
 */
export function refuseCrossOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (!isSameOrigin(request, { withoutOrigin: 'label' })) return reply.code(403).send({ status_code: 403, data: null, error: 'forbidden' });
  });
}

/**
 * Whether a request comes from this server's own pages. Without an Origin header, `label` trusts
 * the browser's Sec-Fetch-Site label (a page of another site is still told apart) and `allow` lets
 * it through (clients other than browsers, such as the mobile app, may send none on an upgrade).
 */
export function isSameOrigin(request: FastifyRequest, opts: { withoutOrigin: 'label' | 'allow' }): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) {
    if (opts.withoutOrigin === 'allow') return true;
    const site = request.headers['sec-fetch-site'];
    return site !== 'cross-site' && site !== 'same-site';
  }
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

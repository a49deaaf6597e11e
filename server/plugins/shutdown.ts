import type { FastifyInstance } from 'fastify';

/**
 * A shutdown lets requests in flight finish, but not for ever. A client that opened a connection
 * and went silent (a phone that lost the hall's Wi-Fi mid-request, a link that drops packets
 * without closing) is not idle to Node, so close() would wait on it until the request timeout.
 */
export function limitShutdown(app: FastifyInstance, graceMs: number): void {
  app.addHook('preClose', async () => {
    const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
    cut.unref();
    // Not in an onClose hook: those can run before the HTTP server has finished closing.
    app.server.once('close', () => clearTimeout(cut));
  });
}

import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { BODY_LIMIT_BYTES } from '../contract/constants.ts';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import type { DB } from './db/types.ts';
import { createWriter, type Writer } from './domain/write.ts';
import type { PushSender } from './domain/effects.ts';
import { createPushSender } from './domain/notices/push.ts';
import type { Agent as HttpsAgent } from 'node:https';
import { createCardProvider, type CardProvider } from './domain/payments/stripe.ts';
import { startOrderExpiry } from './domain/orders/sweeper.ts';
import { createLimits, type LimitOverrides, type Limits } from './limits/index.ts';
import { registerBackPressure, type Pressure } from './plugins/back-pressure.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrors } from './plugins/errors.ts';
import { registerHealth } from './plugins/health.ts';
import { refuseNul } from './plugins/input.ts';
import { redactingLogger } from './plugins/log.ts';
import { UnprefixedCalls } from './plugins/legacy-paths.ts';
import { registerPwa } from './plugins/pwa.ts';
import { refuseCrossOrigin } from './plugins/same-origin.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { PageCache } from './domain/feed/page-cache.ts';
import { SessionCache } from './plugins/session-cache.ts';
import { limitShutdown } from './plugins/shutdown.ts';
import { createMemoryBus, type Bus } from './realtime/bus.ts';
import { socketRoutes } from './realtime/sockets/index.ts';
import { apiRoutes } from './routes/api/index.ts';
import { authRoutes } from './routes/auth/index.ts';
import { fileRoutes } from './routes/files/index.ts';
import { paymentRoutes } from './routes/payments/index.ts';
import { widgetRoutes } from './routes/widget/index.ts';
import { syncRoutes } from './routes/sync/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    database: Database;
    bus: Bus;
    config: Config;
    /** The one way to write (domain/write.ts): a transaction, then the change announcements. */
    writer: Writer;
    /** Login guessing limits and the budgets of expensive calls (server/limits). */
    limits: Limits;
    /** Who a session token belongs to, remembered briefly (plugins/session-cache.ts). */
    sessionCache: SessionCache;
    /**
     * This instance's listeners that hear each announcement as the write makes it, before the bus
     * brings it back: the session cache, and the socket fan-out for the comment a hint carries.
     * The bus still delivers it to them too; each takes the second copy as already heard.
     */
    heardHere: Set<(channel: string, message: unknown) => void>;
    /** Sync pull pages shared by an event's participants, at the version read (domain/feed/page-cache.ts). */
    pullPages: PageCache;
    /** Card payments (domain/payments/stripe.ts); null when the server has no provider configured. */
    cards: CardProvider | null;
    /** Web Push (domain/notices/push.ts): the notices' pushes and the key browsers subscribe with. */
    push: PushSender;
    /** Requests in flight and refused under overload (plugins/back-pressure.ts). */
    pressure: Pressure;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  bus?: Bus;
  /** Tests only: smaller limits than contract/constants.ts, to reach them quickly. */
  limits?: LimitOverrides;
  /** Tests only: trusts the certificate of the push-service double (domain/notices/push.ts). */
  pushAgent?: HttpsAgent;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify refuses to count hops itself (a bare number trusts
 * nobody there), so a hop count is proxy-addr's own rule written out: the nearest `hops` addresses,
 * starting with the TCP peer, are proxies. That is right only when clients cannot reach the server
 * except through those proxies (the default HOST is 127.0.0.1 for that reason); a list of the
 * proxies' addresses holds even when they can.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * Builds the whole server as a Fastify instance without listening, so tests drive it with inject
 * and main.ts only starts it. Each concern is a plugin of its own (server/plugins/); the routes and
 * the socket channels come last.
 */
export async function buildApp(deps: AppDeps, opts: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const unprefixed = new UnprefixedCalls();
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // The specs' calls made without /api reach their /api twins (plugins/legacy-paths.ts).
    rewriteUrl: (req) => unprefixed.rewrite(req),
    ...opts,
    // Whatever the caller asked for, the log never holds a credential (plugins/log.ts).
    logger: redactingLogger(opts.logger),
  });
  // Learns every route as it is added, so a call made at the root is rewritten only to one that exists.
  app.addHook('onRoute', (route) => unprefixed.add(route.url));
  const bus = deps.bus ?? createMemoryBus();
  app.decorate('db', deps.database.db);
  app.decorate('database', deps.database);
  app.decorate('bus', bus);
  app.decorate('config', deps.config);
  const sessionCache = new SessionCache(deps.config.sessionCacheMs);
  app.decorate('sessionCache', sessionCache);
  app.decorate('pullPages', new PageCache(deps.config.pullCacheMb * 1024 * 1024));
  // This instance forgets an ended session before the write answers, not when the bus brings it back.
  const heardHere = new Set<(channel: string, message: unknown) => void>([(channel, message) => sessionCache.heard(channel, message)]);
  app.decorate('heardHere', heardHere);
  const announcer = {
    publish: (channel: string, message: unknown) => {
      for (const listener of heardHere) {
        // After the commit: a listener's failure must not turn a committed write into an error.
        try {
          listener(channel, message);
        } catch (err) {
          app.log.error({ err, channel }, 'a listener of this instance failed on an announcement');
        }
      }
      return bus.publish(channel, message);
    },
  };
  const push = createPushSender(deps.database.db, deps.config, deps.pushAgent);
  app.decorate('push', push);
  app.decorate('writer', createWriter(deps.database.db, announcer, app.log, deps.config, push));
  app.decorate('limits', createLimits(bus, deps.limits));
  app.decorate('cards', deps.config.stripe ? createCardProvider(deps.config.stripe) : null);
  limitShutdown(app, deps.config.shutdownGraceMs);
  // First of the request hooks, so a refused request costs no session lookup or other work.
  app.decorate(
    'pressure',
    registerBackPressure(app, {
      maxInFlight: deps.config.maxInFlight,
      shedPoolWaitMs: deps.config.shedPoolWaitMs,
      retryAfterS: deps.config.shedRetryAfterS,
      poolWaitMs: () => deps.database.poolWaitMs(),
    }),
  );

  await registerCompression(app);
  // CSP, frame, sniffing, referrer and (behind TLS) HSTS headers on every answer.
  await registerSecurityHeaders(app, deps.config);
  await registerSession(app);
  refuseCrossOrigin(app);
  refuseNul(app);
  registerErrors(app);

  registerHealth(app);

  await app.register(authRoutes);
  await app.register(syncRoutes);
  await app.register(fileRoutes);
  await app.register(apiRoutes);
  // The card provider's webhooks, and the ticket widget other sites embed (issue 15).
  await app.register(paymentRoutes);
  await app.register(widgetRoutes);
  await app.register(socketRoutes);

  await registerPwa(app, deps.config.distDir);
  // Pending orders past their time give their tickets back (every instance sweeps; the database decides).
  const stopExpiry = startOrderExpiry(app);
  app.addHook('onClose', async () => {
    stopExpiry();
    await app.writer.drain();
    if (!deps.bus) await bus.close();
  });
  return app;
}

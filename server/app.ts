import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import { BODY_LIMIT_BYTES, SESSION_COOKIE } from '../contract/constants.ts';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import type { DB } from './db/types.ts';
import { findSession, type SessionUser } from './auth/sessions.ts';
import { createMemoryBus, type Bus } from './realtime/bus.ts';
import { authRoutes } from './routes/auth/index.ts';
import { syncRoutes } from './routes/sync/index.ts';
import { fileRoutes } from './routes/files/index.ts';
import { apiRoutes } from './routes/api/index.ts';
import { uploadRoutes } from './routes/files/uploads.ts';
import { socketRoutes } from './realtime/sockets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    database: Database;
    bus: Bus;
    config: Config;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken?: string;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  bus?: Bus;
}

/**
 * Venue networks are slow and shared: a first sync of a big event is ~3 MB of JSON that compresses
 * about eightfold. Brotli at quality 4 costs about what gzip does; the hint stream is hijacked and
 * never buffered by this. Exported so bench/pull-throughput.ts compares against the same settings.
 */
export const COMPRESS_OPTIONS = {
  global: true,
  threshold: 1024,
  encodings: ['br' as const, 'gzip' as const],
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
};

/**
 * Builds the whole server as a Fastify instance without listening, so tests drive it with inject
 * and main.ts only starts it.
 */
export async function buildApp(deps: AppDeps, opts: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: process.env.TRUST_PROXY === '1',
    logger: opts.logger ?? false,
    ...opts,
  });
  const bus = deps.bus ?? createMemoryBus();
  app.decorate('db', deps.database.db);
  app.decorate('database', deps.database);
  app.decorate('bus', bus);
  app.decorate('config', deps.config);
  // A shutdown lets requests in flight finish, but not for ever. A client that opened a connection
  // and went silent (a phone that lost the hall's Wi-Fi mid-request, a link that drops packets
  // without closing) is not idle to Node, so close() would wait on it until the request timeout.
  app.addHook('preClose', async () => {
    const cut = setTimeout(() => app.server.closeAllConnections(), deps.config.shutdownGraceMs);
    cut.unref();
    // Not in an onClose hook: those can run before the HTTP server has finished closing.
    app.server.once('close', () => clearTimeout(cut));
  });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', undefined);

  await app.register(cookie);
  await app.register(compress, COMPRESS_OPTIONS);

  // The session comes from the HttpOnly cookie (the PWA) or a Bearer token (other clients).
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : request.cookies[SESSION_COOKIE];
    if (!token) return;
    const user = await findSession(app.db, token);
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });

  // A state-changing request from another origin is refused outright. SameSite cookies already stop
  // most of it; this also covers browsers and clients that ignore SameSite.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (!origin) {
      // Without Origin, the browser's own label still tells a page of another site apart.
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') return reply.code(403).send({ status_code: 403, data: null, error: 'forbidden' });
      return;
    }
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      host = '';
    }
    if (host !== request.headers.host) return reply.code(403).send({ status_code: 403, data: null, error: 'forbidden' });
  });

  app.setErrorHandler((err: Error & { validation?: unknown; statusCode?: number; code?: string }, request, reply) => {
    if (err.validation) {
      return reply.code(request.url.startsWith('/api/') ? 200 : 400).send({ status_code: 400, data: null, error: 'invalid_input', message: err.message });
    }
    if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ status_code: 413, data: null, error: 'payload_too_large' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ status_code: err.statusCode, data: null, error: 'invalid_input', message: err.message });
    }
    request.log.error(err);
    return reply.code(500).send({ status_code: 500, data: null, error: 'unknown_error' });
  });

  app.get('/healthz', async () => ({ status: 'ok', database: deps.database.kind, bus: deps.config.redisUrl ? 'redis' : 'memory' }));

  await app.register(authRoutes);
  await app.register(syncRoutes);
  await app.register(fileRoutes);
  await app.register(apiRoutes);
  // Chat pictures, served as images only; the websocket channels and their tickets.
  await app.register(uploadRoutes);
  await app.register(socketRoutes);

  await registerPwa(app, deps.config.distDir);
  app.addHook('onClose', async () => {
    if (!deps.bus) await bus.close();
  });
  return app;
}

/**
 * Serves the built PWA. Any other GET that is not an API path gets index.html, so a deep link like
 * /uk/events/3 renders on first load; the service worker does the same offline.
 */
async function registerPwa(app: FastifyInstance, distDir: string) {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'not_found' }));
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // scripts/precompress.ts writes .br and .gz beside each asset at build time, at qualities too slow
    // to spend per request; files without them fall back to on-the-fly compression.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Hashed assets never change; the shell and the service worker must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
  const html = fs.readFileSync(index);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (request.method !== 'GET' || /^\/(api|sync|files|wss|healthz)(\/|$|\?)/.test(url)) {
      return reply.code(404).send({ status_code: 404, data: null, error: 'not_found' });
    }
    // A path with a file extension that is not in dist is a missing asset, not a route.
    if (/\.[a-z0-9]{2,5}(\?|$)/i.test(url.split('?')[0]!)) return reply.code(404).send({ error: 'not_found' });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built PWA. Any other GET that is not an API path gets index.html, so a deep link like
 * /uk/events/3 renders on first load; the service worker does the same offline. Without a build
 * (tests of the server alone) every unknown path is a plain 404.
 */
export async function registerPwa(app: FastifyInstance, distDir: string): Promise<void> {
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
    const [path = ''] = url.split('?');
    if (/\.[a-z0-9]{2,5}(\?|$)/i.test(path)) return reply.code(404).send({ error: 'not_found' });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

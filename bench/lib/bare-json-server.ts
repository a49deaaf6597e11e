/**
 * The floor for bench/pull-throughput.ts: a Fastify server with the Foyer server's compression
 * settings and logger level, run as its own process like the real one, answering GET /bare with the
 * bytes of BARE_BODY_FILE as JSON and the pull route's headers. It prints `listening <url>` once
 * up and exits on SIGTERM.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import { COMPRESS_OPTIONS } from '../../server/plugins/compression.ts';

const file = process.env.BARE_BODY_FILE;
if (!file) throw new Error('BARE_BODY_FILE is not set');
const body = fs.readFileSync(file, 'utf8');

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
await app.register(compress, COMPRESS_OPTIONS);
app.get('/bare', async (_request, reply) => {
  reply.header('cache-control', 'no-store');
  reply.type('application/json; charset=utf-8');
  return body;
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${url}`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

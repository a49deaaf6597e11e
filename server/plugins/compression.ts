import { constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

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

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, COMPRESS_OPTIONS);
}

import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

type Encoding = (typeof COMPRESS_OPTIONS.encodings)[number];

/**
 * The encoding @fastify/compress would pick for this request and body, for a route that sends bytes
 * it compressed once for many answers (the shared sync pages): the same negotiation (q-values, the
 * first of COMPRESS_OPTIONS.encodings among equals, `*` and x-gzip read as gzip), the same threshold
 * and the same opt-out header. Undefined: the body goes as it is.
 */
export function precompressed(request: FastifyRequest, text: string): Encoding | undefined {
  if (request.headers['x-no-compression'] !== undefined) return undefined;
  if (Buffer.byteLength(text) < COMPRESS_OPTIONS.threshold) return undefined;
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  const supported: readonly string[] = COMPRESS_OPTIONS.encodings;
  let best: Encoding | undefined;
  let bestQuality = 0;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((p) => p.trim());
    const name = token === '*' || token === 'x-gzip' ? 'gzip' : token;
    const rank = supported.indexOf(name);
    if (rank === -1) continue;
    let quality = 1;
    for (const param of params) {
      const q = /^q\s*=\s*(.*)$/.exec(param);
      if (q) quality = Number.parseFloat(q[1] ?? '') || 0;
    }
    if (quality <= 0) continue;
    if (quality > bestQuality || (quality === bestQuality && rank < bestRank)) {
      best = name as Encoding;
      bestQuality = quality;
      bestRank = rank;
    }
  }
  return best;
}

/** `text` compressed as the plugin would have compressed it. */
export function compressSync(encoding: Encoding, text: string): Buffer {
  return encoding === 'br' ? brotliCompressSync(text, COMPRESS_OPTIONS.brotliOptions) : gzipSync(text);
}

/** The headers the plugin adds to an answer it compressed, for bytes compressed beforehand. */
export function markCompressed(reply: FastifyReply, encoding: Encoding): void {
  reply.header('content-encoding', encoding);
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding')) reply.header('vary', `${vary}, accept-encoding`);
}

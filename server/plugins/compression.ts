import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';

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

/** @fastify/compress reads `*` (no preference) and x-gzip as gzip before it negotiates. */
const GZIP_ALIASES = /\*|x-gzip/g;

/**
 * The encoding @fastify/compress would pick for this request and body, for a route that sends bytes
 * it compressed once for many answers (the shared sync pages): the plugin's own negotiator, fed the
 * header as the plugin feeds it, with the same threshold and the same opt-out header. Undefined:
 * the body goes as it is.
 */
export function precompressed(request: FastifyRequest, text: string): Encoding | undefined {
  if (request.headers['x-no-compression'] !== undefined) return undefined;
  if (Buffer.byteLength(text) < COMPRESS_OPTIONS.threshold) return undefined;
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  return (negotiate(header.toLowerCase().replace(GZIP_ALIASES, 'gzip'), COMPRESS_OPTIONS.encodings) as Encoding | null) ?? undefined;
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

import type { FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMIT_BYTES } from '../../contract/constants.ts';

/** How long the rest of a refused body is read and thrown away before the connection is cut. */
export const LINGER_MS = 30_000;
/** How much of a refused body is read and thrown away before the connection is cut. */
export const LINGER_MAX_BYTES = 64 * BODY_LIMIT_BYTES;

/**
 * Lets a refused body (413) finish arriving, so the client reads the answer.
 *
 * Fastify answers a body over its limit with `Connection: close`, and Node then closes the socket as
 * soon as the answer is written, while the client is still sending: the bytes that keep coming meet
 * a closed socket, the kernel answers them with a reset, and a client that reads only after sending
 * (most do; a phone on a slow link always does) sees a network error instead of the 413. A device's
 * outbox then takes it as "offline" and sends the same batch again, for ever.
 *
 * So the answer keeps the connection, and the rest of the body is read and dropped, as nginx's
 * lingering close does. Within bounds: a client that keeps sending for longer than LINGER_MS or
 * more than LINGER_MAX_BYTES is cut off (it is not a client that wants its answer).
 */
export function drainRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  reply.removeHeader('connection');
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  let drained = 0;
  const cut = () => {
    // Nothing more is read from it, and a half-read request cannot be followed by another. A
    // request's destroy closes its socket; an injected request has no real socket to close.
    raw.destroy();
  };
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  const done = () => clearTimeout(timer);
  // A parser that stopped at the limit has taken its own listener off; this one reads on.
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_MAX_BYTES) cut();
  });
  raw.once('end', done);
  raw.once('close', done);
  raw.resume();
}

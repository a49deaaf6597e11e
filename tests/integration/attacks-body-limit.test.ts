import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../contract/constants.ts';
import { LINGER_MAX_BYTES } from '../../server/plugins/too-large.ts';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { bearer, liveEvent, person, type Person } from './attacks-helpers.ts';

/**
 * A body over the size limit, over real HTTP, sent the way most clients send: the whole body first,
 * the answer read after (a phone on a slow link cannot do otherwise). Refused early, by its
 * Content-Length, or in the middle, when a chunked body passes the limit, it must be answered 413
 * `payload_too_large` every time, never with a reset that a device's outbox would take for "offline"
 * and resend for ever, and the connection stays usable. A client that keeps sending far past the
 * limit is cut off instead of being read for ever.
 */

let server: (TestServer & { url: string }) | undefined;
let u: Person;
let port = 0;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  port = Number(new URL(server.url).port);
  u = await person(server.app.db, await liveEvent(server.app.db));
});
afterAll(async () => {
  await server?.close();
});

const CHUNK = Buffer.alloc(64 * 1024, 'a');

interface Exchange {
  /** The first answer's status line and body, or how the connection failed before it was read. */
  status: number | string;
  body: string;
  /** The status of a GET /healthz sent on the same connection afterwards, when asked for. */
  next?: number | string;
  /** The connection failed while the body was being sent. */
  cut: boolean;
}

/** Resolves on `event`, or once the socket fails or closes, whichever comes first. */
function settled(socket: net.Socket, event: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off(event, done).off('error', done).off('close', done);
      resolve();
    };
    socket.on(event, done).on('error', done).on('close', done);
  });
}

/** Reads one HTTP/1.1 answer with a Content-Length from the data received so far. */
function parseAnswer(data: Buffer): { status: number; body: string; rest: Buffer } | null {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const head = data.subarray(0, end).toString();
  const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
  if (data.length < end + 4 + length) return null;
  return {
    status: Number(head.split(' ')[1]),
    body: data.subarray(end + 4, end + 4 + length).toString(),
    rest: data.subarray(end + 4 + length),
  };
}

/**
 * Sends `bytes` of body in full, reading nothing until the last byte is written, then reads the
 * answer, and, with `reuse`, asks the same connection for /healthz.
 */
async function sendAllThenRead(path: string, bytes: number, o: { chunked?: boolean; reuse?: boolean } = {}): Promise<Exchange> {
  const socket = net.connect(port, '127.0.0.1');
  socket.pause();
  let failed: string | null = null;
  socket.on('error', (err: NodeJS.ErrnoException) => {
    failed ??= err.code ?? err.message;
  });
  await settled(socket, 'connect');
  const framing = o.chunked ? 'transfer-encoding: chunked' : `content-length: ${bytes}`;
  const auth = bearer(u).authorization;
  socket.write(`POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nauthorization: ${auth}\r\n${framing}\r\n\r\n`);
  for (let sent = 0; sent < bytes && !failed; ) {
    const piece = CHUNK.subarray(0, Math.min(CHUNK.length, bytes - sent));
    sent += piece.length;
    const ok = socket.write(o.chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
    if (!ok) await settled(socket, 'drain');
  }
  if (o.chunked && !failed) socket.write('0\r\n\r\n');
  const cut = failed !== null;
  let data: Buffer = Buffer.alloc(0);
  socket.on('data', (c: Buffer) => {
    data = Buffer.concat([data, c]);
  });
  const read = async (): Promise<ReturnType<typeof parseAnswer>> => {
    socket.resume();
    const until = Date.now() + 10_000;
    for (;;) {
      const answer = parseAnswer(data);
      if (answer || failed || socket.destroyed || Date.now() > until) return answer;
      await settled(socket, 'data');
    }
  };
  const first = await read();
  const result: Exchange = first ? { status: first.status, body: first.body, cut } : { status: failed ?? 'closed', body: '', cut };
  if (first && o.reuse) {
    data = first.rest;
    socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    const second = await read();
    result.next = second ? second.status : (failed ?? 'closed');
  }
  socket.destroy();
  return result;
}

describe('a body over the limit over real HTTP', () => {
  it('is answered 413 payload_too_large every time on sync, refused by its length or part way, and the connection goes on', async () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 12; i++) {
      for (const chunked of [false, true]) {
        const r = await sendAllThenRead('/sync/v1/commands', 4 * BODY_LIMIT_BYTES, { chunked, reuse: true });
        const key = `${chunked ? 'chunked' : 'length'} ${r.status} ${r.status === 413 ? JSON.parse(r.body).error : r.body} then ${r.next}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(seen)).toEqual({
      'length 413 payload_too_large then 200': 12,
      'chunked 413 payload_too_large then 200': 12,
    });
  });

  it('is answered in the envelope with status_code 413 every time under /api', async () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 12; i++) {
      for (const chunked of [false, true]) {
        const r = await sendAllThenRead('/api/profile/save', 4 * BODY_LIMIT_BYTES, { chunked });
        const key = `${r.status} ${r.status === 200 ? JSON.parse(r.body).status_code : r.body}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(seen)).toEqual({ '200 413': 24 });
  });

  it('cuts off a client that keeps sending far past the limit instead of reading it for ever', async () => {
    const r = await sendAllThenRead('/sync/v1/commands', LINGER_MAX_BYTES + 8 * BODY_LIMIT_BYTES, { chunked: true });
    expect(r.cut, JSON.stringify(r)).toBe(true);
    // The server is none the worse for it.
    expect((await fetch(`${server!.url}/healthz`)).status).toBe(200);
  });
});

import zlib from 'node:zlib';
import WebSocket from 'ws';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/types.ts';
import type { ServerFrame } from '../../contract/ws.ts';

/**
 * Shared pieces of the chat, messages and socket tests (chat-*, messages-*, ws-*, multi-instance):
 * a real websocket client that records frames, socket passes, sync commands, and the few rows
 * those tests need (staff flags, approved meetings, pictures).
 */

/** What the server sends over a socket (contract/ws.ts). */
export type Frame = ServerFrame;
/** The frame of one type, as `next('commentCreated')` answers it. */
export type FrameOf<K extends Frame['type']> = Extract<Frame, { type: K }>;

export interface TestSocket {
  ws: WebSocket;
  frames: Frame[];
  /** Resolves with the first frame (already received or coming) that matches: of that type, or passing the test. */
  next<K extends Frame['type']>(match: K, timeoutMs?: number): Promise<FrameOf<K>>;
  next<K extends Frame['type']>(match: K, where: (f: FrameOf<K>) => boolean, timeoutMs?: number): Promise<FrameOf<K>>;
  next(match: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves true when no matching frame arrives within `ms`. */
  silent(match: string | ((f: Frame) => boolean), ms?: number): Promise<boolean>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export interface OpenOptions {
  token?: string;
  /** A socket pass for `?token=` (routes/auth socket-pass). */
  pass?: string;
  origin?: string;
  autoPong?: boolean;
  headers?: Record<string, string>;
}

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(baseUrl: string, path: string, o: OpenOptions = {}): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${path}${o.pass ? `?token=${encodeURIComponent(o.pass)}` : ''}`;
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const ws = new WebSocket(url, { headers, origin: o.origin, autoPong: o.autoPong ?? true });
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  const toFn = (m: string | ((f: Frame) => boolean)) => (typeof m === 'string' ? (f: Frame) => f.type === m : m);
  ws.on('message', (data) => {
    const f = JSON.parse(data.toString()) as Frame;
    frames.push(f);
    for (const w of [...waiters]) {
      if (w.match(f)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(f);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  function next<K extends Frame['type']>(match: K, timeoutMs?: number): Promise<FrameOf<K>>;
  function next<K extends Frame['type']>(match: K, where: (f: FrameOf<K>) => boolean, timeoutMs?: number): Promise<FrameOf<K>>;
  function next(match: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  function next(match: string | ((f: Frame) => boolean), whereOrTimeout?: ((f: never) => boolean) | number, timeout?: number): Promise<Frame> {
    const where = typeof whereOrTimeout === 'function' ? (whereOrTimeout as (f: Frame) => boolean) : null;
    const timeoutMs = (typeof whereOrTimeout === 'number' ? whereOrTimeout : timeout) ?? 5000;
    const fn = where ? (f: Frame) => toFn(match)(f) && where(f) : toFn(match);
    const seen = frames.find(fn);
    if (seen) {
      frames.splice(frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no frame matching ${String(match)} within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs);
      waiters.push({
        match: fn,
        resolve: (f) => {
          clearTimeout(timer);
          frames.splice(frames.indexOf(f), 1);
          resolve(f);
        },
      });
    });
  }
  const socket: TestSocket = {
    ws,
    frames,
    next,
    async silent(match, ms = 400) {
      const fn = toFn(match);
      await new Promise((r) => setTimeout(r, ms));
      return !frames.some(fn);
    },
    send(frame) {
      ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    closed,
    async close() {
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`upgrade refused with ${res.statusCode}`), { status: res.statusCode }));
      res.resume();
    });
    ws.once('error', (err) => reject(err));
  });
}

/** The HTTP status a refused upgrade answered with, or 101 when it opened. */
export async function upgradeStatus(baseUrl: string, path: string, o: OpenOptions = {}): Promise<number> {
  try {
    const s = await openSocket(baseUrl, path, o);
    await s.close();
    return 101;
  } catch (err) {
    return (err as { status?: number }).status ?? 0;
  }
}

export async function socketPass(baseUrl: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/socket-pass`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { pass: string } };
  return body.data.pass;
}

/** Opens and registers a chat socket; resolves after the server confirmed the registration. */
export async function chatSocket(baseUrl: string, token: string, userId: number, eventId: number): Promise<TestSocket> {
  const s = await openSocket(baseUrl, '/wss/chat', { token });
  s.send({ type: 'register', userId, eventId });
  await s.next('registered');
  return s;
}

export async function noticeSocket(baseUrl: string, token: string, userId: number): Promise<TestSocket> {
  const s = await openSocket(baseUrl, '/wss/notice', { token });
  s.send({ type: 'register', userId });
  await s.next('registered');
  return s;
}

let commandSeq = 0;
export function commandId(): string {
  return `cmd-${Date.now().toString(36)}-${(++commandSeq).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Sends one sync command and returns its result. */
export async function command(
  app: FastifyInstance,
  token: string,
  kind: string,
  payload: unknown,
  o: { id?: string; occurredAt?: Date } = {},
): Promise<{ id: string; status: string; code?: string; ids?: string[] }> {
  const res = await app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: { authorization: `Bearer ${token}` },
    payload: { commands: [{ id: o.id ?? commandId(), kind, payload, occurredAt: (o.occurredAt ?? new Date()).toISOString() }] },
  });
  return res.json().results[0];
}

export async function makeStaff(db: Kysely<DB>, eventId: number, userId: number, role: 'owner' | 'moderator') {
  await db
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId, is_owner: role === 'owner', is_moderator: role === 'moderator' })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ is_owner: role === 'owner', is_moderator: role === 'moderator' }))
    .execute();
}

/** An accepted any-time meeting between two people, as approve-meeting leaves it. */
export async function approvedMeeting(db: Kysely<DB>, eventId: number, from: number, to: number, response: 1 | 3 | null = 1) {
  return db
    .insertInto('appointments')
    .values({ event_id: eventId, from_user_id: from, to_user_id: to, date: '2030-01-01', any_time: true, response })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function pngImage(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}
/** A PNG chunk with a correct CRC, so decoders accept the file as sound. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}
export async function jpegImage(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
}
export async function webpImage(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#33cc66' } })
    .webp()
    .toBuffer();
}

/** Serialises a form exactly as a browser would (boundary and all) for inject. */
export async function form(fields: Record<string, string>, file?: { data: Buffer; name?: string; type?: string; field?: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append(file.field ?? 'image', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name ?? 'photo.png');
  const r = new Response(fd);
  return { payload: Buffer.from(await r.arrayBuffer()), headers: { 'content-type': r.headers.get('content-type')! } };
}

export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

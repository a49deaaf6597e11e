import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { DomainError } from '../../../contract/errors.ts';
import { WS_CLOSE, WS_MAX_PAYLOAD_BYTES, WS_MAX_SOCKETS_PER_USER, WS_PATHS, type ClientFrame, type SocketChannel } from '../../../contract/ws.ts';
import { isConnectionFault } from '../../db/errors.ts';
import { findSession, sessionKey } from '../../domain/auth/sessions.ts';
import { consumeSocketPass } from '../../domain/auth/socket-passes.ts';
import { sessionUserById } from '../../domain/auth/repository.ts';
import { isSameOrigin } from '../../plugins/same-origin.ts';
import { createFanout } from '../changes.ts';
import { Hub, type Conn } from '../hub.ts';
import { createPresence } from '../presence.ts';
import { periodic } from '../periodic.ts';
import { endDeadSessions, endsConnection, onSessionsEnded } from '../sessions.ts';
import { chatChannel } from './chat.ts';
import { admit, type Exception, exceptions, readFrame, toId } from './frames.ts';
import { noticeChannel } from './notice.ts';
import { spokenLanguage } from '../../domain/error-texts.ts';

/**
 * The websocket channels of the specs (contract/ws.ts has the protocol): /wss/notice (notice.ts)
 * and /wss/chat (chat.ts). This file opens and guards the sockets of both, and keeps them honest:
 * the heartbeat, the session and access re-checks, and the shutdown.
 *
 * A socket is opened with the session (cookie or Bearer), a single-use socket pass
 * (POST /api/auth/socket-pass, routes/auth) in `?token=`, or, as the specs' clients do, the session
 * token itself in `?token=`. Every write a frame asks for goes through the write
 * runner like REST and the sync commands; frames to sockets come from the fan-out (changes.ts),
 * which reads committed changes on every instance.
 */

/** Presence leases outlive a few missed renewals; an instance that dies drops out after this. */
const PRESENCE_TTL_MS = 60_000;

/** What the routes, the guard and the upkeep of the sockets share, made once per server. */
interface Sockets {
  app: FastifyInstance;
  hub: Hub;
  /** The language each socket's client asked its Exceptions in (frames.ts exceptions). */
  languages: WeakMap<Conn, string>;
  /** The session a socket opened with `?token=` belongs to (a pass's, or the token's own), by upgrade request. */
  urlSessions: WeakMap<object, string>;
  exception: Exception;
  notice: ReturnType<typeof noticeChannel>;
  chat: ReturnType<typeof chatChannel>;
}

export async function socketRoutes(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES } });

  const hub = new Hub();
  const presence = createPresence(app.bus, randomBytes(8).toString('hex'), PRESENCE_TTL_MS);
  const fanout = createFanout({ db: app.db, bus: app.bus, hub, presence, log: app.log });
  await fanout.start();
  app.heardHere.add(fanout.heard);
  const languages = new WeakMap<Conn, string>();
  const exception = exceptions(hub, (conn) => languages.get(conn));
  const notice = noticeChannel({
    db: app.db,
    writer: app.writer,
    hub,
  });
  const chat = chatChannel({ db: app.db, writer: app.writer, hub, presence, exception });
  const s: Sockets = { app, hub, languages, urlSessions: new WeakMap(), exception, notice, chat };

  const guard = socketGuard(s);
  app.get(WS_PATHS.chat, { websocket: true, onRequest: guard }, opener(s, 'chat'));
  app.get(WS_PATHS.notice, { websocket: true, onRequest: guard }, opener(s, 'notice'));

  const upkeep = startUpkeep(s);
  app.addHook('preClose', async () => {
    await upkeep.stop();
    app.heardHere.delete(fanout.heard);
    await fanout.stop();
    for (const conn of hub.all) conn.socket.close(WS_CLOSE.goingAway, 'server shutting down');
    await presence.close();
  });
}

/**
 * `?token=` holds a socket pass (the PWA) or, from clients built to the specs, the session
 * token itself. The pass is tried first, so a pass is used up whichever it turns out to be.
 */
async function fromUrlToken({ app, urlSessions }: Sockets, request: FastifyRequest, token: string) {
  const owner = await consumeSocketPass(app.db, token);
  if (owner !== undefined) {
    const u = await sessionUserById(app.db, owner.userId);
    if (u) {
      request.user = u;
      urlSessions.set(request.raw, owner.session);
    }
    return;
  }
  const u = await findSession(app.db, token);
  if (u) {
    request.user = u;
    urlSessions.set(request.raw, sessionKey(token));
  }
}

/** Runs before the upgrade: a refused socket gets an HTTP answer and never opens. */
function socketGuard(s: Sockets) {
  const { app, hub } = s;
  return async (request: FastifyRequest<{ Querystring: { token?: string } }>, reply: FastifyReply) => {
    // Browsers always send Origin on a websocket upgrade; other clients (the mobile app) may not.
    if (!isSameOrigin(request, { withoutOrigin: 'allow' })) return reply.code(403).send({ error: 'forbidden' });
    if (!request.user && typeof request.query.token === 'string') await fromUrlToken(s, request, request.query.token);
    if (!request.user) return reply.code(401).send({ error: 'auth_required' });
    if (hub.countForUser(request.user.id) >= WS_MAX_SOCKETS_PER_USER) return reply.code(429).send({ error: 'rate_limited' });
    if (hub.countForAddress(request.ip) >= app.config.socketsPerAddress) return reply.code(429).send({ error: 'rate_limited' });
  };
}

async function handle({ hub, languages, exception, notice, chat }: Sockets, conn: Conn, frame: ClientFrame): Promise<void> {
  if (frame.type === 'ping') return void hub.send(conn, { type: 'pong' });
  if (frame.type === 'register') {
    const lang = spokenLanguage(frame.lang);
    if (lang) languages.set(conn, lang);
    if (toId(frame.userId) !== conn.userId) return void exception(conn, 'forbidden', 'userId is not the signed-in user');
    return conn.channel === 'notice' ? notice.register(conn) : chat.register(conn, frame);
  }
  if (!conn.registered) return void exception(conn, 'forbidden', 'register first');
  if (await notice.personalMessage(conn, frame)) return;
  await chat.frame(conn, frame);
}

/** Opens a socket of the channel the guard let through, and hands its frames on in order. */
function opener(s: Sockets, channel: SocketChannel) {
  const { app, hub, languages, urlSessions, exception, chat } = s;
  return (socket: WebSocket, request: FastifyRequest) => {
    const session = request.sessionToken ? sessionKey(request.sessionToken) : (urlSessions.get(request.raw) ?? null);
    const user = request.user;
    if (!user) throw new Error('a socket opened without a signed-in user: the guard lets none through');
    const conn = hub.add(socket, channel, user.id, session, request.ip);
    const lang = spokenLanguage((request.query as { lang?: unknown }).lang);
    if (lang) languages.set(conn, lang);
    socket.on('message', (data, isBinary) => {
      if (!admit(conn, exception)) return;
      const frame = readFrame(conn, data, isBinary, exception);
      if (!frame) return;
      // Frames of one socket are handled in the order they came, one at a time.
      conn.queue = conn.queue
        .then(() => handle(s, conn, frame))
        .catch((err: unknown) => {
          if (err instanceof DomainError) exception(conn, err.code, err.detail);
          else if (isConnectionFault(err)) exception(conn, 'database_unavailable');
          else {
            app.log.error(err, 'socket frame failed');
            exception(conn, 'unknown_error');
          }
        });
    });
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('close', () => chat.closed(conn, hub.remove(conn)));
    socket.on('error', () => {
      // A broken connection also emits close, which cleans up.
    });
  };
}

/** Keeps the open sockets honest until stop(): the heartbeat, the session and access re-checks, the online counts. */
function startUpkeep(s: Sockets) {
  const { app, hub, chat } = s;
  // A logout or a disabled account, on any instance, closes the sockets of the sessions it ended.
  const stopSessions = onSessionsEnded(app.bus, (ended) => {
    for (const conn of hub.all) {
      if (endsConnection(ended, conn.userId, conn.session)) conn.socket.close(WS_CLOSE.sessionEnded, 'session ended');
    }
  });

  // Heartbeat: drop sockets that did not answer the last ping, and re-check sessions and chat access.
  const heartbeat = setInterval(() => {
    for (const conn of hub.all) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, app.config.socketHeartbeatMs);
  heartbeat.unref();
  const rechecks = periodic(
    app.config.socketHeartbeatMs,
    async () => {
      await Promise.all([chat.recheckAccess(), endDeadSessions(app, hub.all, (conn) => conn.socket.close(WS_CLOSE.sessionEnded, 'session ended'))]);
    },
    (err) => app.log.error(err, 'socket access re-check failed'),
  );
  const online = periodic(
    app.config.usersOnlineWriteMs,
    () => chat.writeOnline(),
    (err) => app.log.error(err, 'users_online write failed'),
  );
  return {
    async stop() {
      clearInterval(heartbeat);
      stopSessions();
      await Promise.all([rechecks.stop(), online.stop()]);
    },
  };
}

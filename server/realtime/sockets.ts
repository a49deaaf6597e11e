import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { RawData, WebSocket } from 'ws';
import { DomainError, type ErrorCode } from '../../contract/errors.ts';
import {
  ClientFrame,
  WS_CLOSE,
  WS_EXCEPTIONS,
  WS_MAX_PAYLOAD_BYTES,
  WS_MAX_SOCKETS_PER_USER,
  WS_PATHS,
  WS_RATE_BURST,
  WS_RATE_MAX_DROPS,
  WS_RATE_PER_SEC,
  type SocketChannel,
  type WsExceptionType,
} from '../../contract/ws.ts';
import { writeTx } from '../db/tx.ts';
import { chatAccess, readersAmong } from '../domain/chat/access.ts';
import { addComment, blockUser, unblockUser } from '../domain/chat/service.ts';
import type { Effect } from '../domain/events/service.ts';
import { dialogWith, listMessages, toWsMessage } from '../domain/messages/repository.ts';
import { readDialog, sendMessage } from '../domain/messages/service.ts';
import { effectToHints } from '../routes/sync/index.ts';
import { HINTS_CHANNEL } from './bus.ts';
import { createFanout } from './changes.ts';
import { Hub, type Conn } from './hub.ts';
import { createPresence } from './presence.ts';
import { SESSIONS_CHANNEL, endsConnection, sessionKey, type SessionEnded } from './sessions.ts';
import { consumeSocketTicket, issueSocketTicket } from './tickets.ts';

/**
 * The websocket channels of the specs (contract/ws.ts has the protocol) and the socket tickets.
 *
 * - POST /api/auth/socket-ticket (signed in): {ticket, expires_in} for `?token=` on a socket URL.
 * - /wss/notice: personal messages and meeting notices of the signed-in user.
 * - /wss/chat: one event's chat (comments, likes, blocks, the online counter), moderation, and the
 *   personal message frames of the specs.
 *
 * Every write a frame asks for goes through the same domain service and transaction as REST and
 * the sync commands, and is announced with the same change hints; frames to sockets come from the
 * fan-out (changes.ts), which reads committed changes on every instance. The online counter is
 * kept in presence.ts (Redis when the bus is on Redis).
 */

/** Presence leases outlive a few missed renewals; an instance that dies drops out after this. */
const PRESENCE_TTL_MS = 60_000;

const checkFrame = TypeCompiler.Compile(ClientFrame);

const EXCEPTION_OF: Partial<Record<ErrorCode, WsExceptionType>> = {
  forbidden: WS_EXCEPTIONS.userAccess,
  auth_required: WS_EXCEPTIONS.userAccess,
  ticket_required: WS_EXCEPTIONS.userAccess,
  moderator_required: WS_EXCEPTIONS.userAccess,
  event_not_found: WS_EXCEPTIONS.userAccess,
  event_removed: WS_EXCEPTIONS.userAccess,
  participation_required: WS_EXCEPTIONS.userAccess,
  chat_blocked: WS_EXCEPTIONS.chatBlocked,
  rate_limited: WS_EXCEPTIONS.rateLimit,
  meeting_required: WS_EXCEPTIONS.personalMessage,
  dialog_not_found: WS_EXCEPTIONS.personalMessage,
  comment_not_found: WS_EXCEPTIONS.notFound,
  not_found: WS_EXCEPTIONS.notFound,
  invalid_input: WS_EXCEPTIONS.invalidInput,
  chat_block_not_allowed: WS_EXCEPTIONS.invalidInput,
};

/** English text for clients that show `message` as it is; others translate `code`. */
const MESSAGES: Partial<Record<ErrorCode, string>> = {
  chat_blocked: 'You are not allowed to send comments',
  meeting_required: 'You can write to this person once a meeting with them has been approved',
  ticket_required: 'A ticket for this event is required',
  moderator_required: 'Only moderators of this event can do this',
  chat_block_not_allowed: 'This user cannot be blocked in this chat',
  rate_limited: 'Too many messages, slow down',
  forbidden: 'Access denied',
  invalid_input: 'Invalid input data',
};

const toId = (v: number | string): number => (typeof v === 'number' ? v : Number(v));

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  // Browsers always send Origin on a websocket upgrade; other clients (the mobile app) may not.
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export async function socketRoutes(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES } });

  const hub = new Hub();
  const presence = createPresence(app.bus, randomBytes(8).toString('hex'), PRESENCE_TTL_MS);
  const fanout = createFanout({ db: app.db, bus: app.bus, hub, presence, log: app.log });
  await fanout.start();

  /** Events whose last socket here closed since the last users_online write. */
  const left = new Set<number>();

  const publish = (effect: Effect) => {
    for (const hint of effectToHints(effect)) void app.bus.publish(HINTS_CHANNEL, hint);
  };

  app.post('/api/auth/socket-ticket', async (request, reply) => {
    if (!request.user) return reply.code(401).send({ status_code: 401, data: null, error: 'auth_required' });
    const { ticket, expiresAt } = await issueSocketTicket(app.db, request.user.id, sessionKey(request.sessionToken!));
    reply.header('cache-control', 'no-store');
    return { status_code: 200, data: { ticket, expires_in: Math.round((expiresAt.getTime() - Date.now()) / 1000) } };
  });

  /** The session a socket opened with a ticket belongs to (the ticket's), by upgrade request. */
  const ticketSessions = new WeakMap<object, string>();

  /** Runs before the upgrade: a refused socket gets an HTTP answer and never opens. */
  const guard = async (request: FastifyRequest<{ Querystring: { token?: string } }>, reply: FastifyReply) => {
    if (!sameOrigin(request)) return reply.code(403).send({ error: 'forbidden' });
    if (!request.user && typeof request.query.token === 'string') {
      const owner = await consumeSocketTicket(app.db, request.query.token);
      if (owner !== undefined) {
        const u = await app.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', '=', owner.userId).executeTakeFirst();
        if (u) {
          request.user = u;
          ticketSessions.set(request.raw, owner.session);
        }
      }
    }
    if (!request.user) return reply.code(401).send({ error: 'auth_required' });
    if (hub.countForUser(request.user.id) >= WS_MAX_SOCKETS_PER_USER) return reply.code(429).send({ error: 'rate_limited' });
  };

  const exception = (conn: Conn, code: ErrorCode, detail?: string) =>
    hub.send(conn, {
      type: 'Exception',
      Exception: { type: EXCEPTION_OF[code] ?? WS_EXCEPTIONS.unknown, message: MESSAGES[code] ?? detail ?? code, code },
    });

  /** A token bucket per socket; false when the frame must be dropped. */
  const admit = (conn: Conn): boolean => {
    const now = Date.now();
    conn.tokens = Math.min(WS_RATE_BURST, conn.tokens + ((now - conn.refilledAt) / 1000) * WS_RATE_PER_SEC);
    conn.refilledAt = now;
    if (conn.tokens >= 1) {
      conn.tokens -= 1;
      return true;
    }
    conn.dropped++;
    if (conn.dropped > WS_RATE_MAX_DROPS) conn.socket.close(WS_CLOSE.policy, 'rate limit');
    else if (now - conn.lastRateNotice >= 1000) {
      conn.lastRateNotice = now;
      exception(conn, 'rate_limited');
    }
    return false;
  };

  const leaveChat = async (conn: Conn) => {
    const eventId = hub.leaveEvent(conn);
    if (eventId !== null) {
      left.add(eventId);
      await presence.leave(eventId, conn.userId);
    }
  };

  async function handle(conn: Conn, frame: ClientFrame): Promise<void> {
    if (frame.type === 'ping') {
      hub.send(conn, { type: 'pong' });
      return;
    }
    if (frame.type === 'register') {
      if (toId(frame.userId) !== conn.userId) return void exception(conn, 'forbidden', 'userId is not the signed-in user');
      if (conn.channel === 'notice') {
        if (!conn.registered) hub.registerUser(conn);
        hub.send(conn, { type: 'registered', channel: 'notice', userId: conn.userId });
        return;
      }
      if (frame.eventId === undefined) return void exception(conn, 'invalid_input', 'eventId');
      const eventId = toId(frame.eventId);
      const access = await chatAccess(app.db, conn.userId, eventId);
      if (!access.participant) return void exception(conn, 'ticket_required');
      if (conn.eventId !== eventId) {
        await leaveChat(conn);
        // The socket may have closed while access was checked; a closed socket must not count as online.
        if (conn.socket.readyState !== conn.socket.OPEN) return;
        hub.registerEvent(conn, eventId, access.staff);
        await presence.join(eventId, conn.userId);
      } else conn.staff = access.staff;
      const users_online = await presence.count(eventId);
      hub.send(conn, { type: 'registered', channel: 'chat', userId: conn.userId, eventId, broadcast_statistics: { users_online } });
      return;
    }
    if (!conn.registered) return void exception(conn, 'forbidden', 'register first');

    switch (frame.type) {
      case 'personalMessageList': {
        const peer = toId(frame.targetUserId);
        const limit = frame.limit ?? 10;
        const offset = frame.offset ?? 0;
        const dialog = await dialogWith(app.db, conn.userId, peer);
        if (!dialog) {
          hub.send(conn, { type: 'personalMessages', targetUserId: peer, items: [], count: 0, offset });
          return;
        }
        if (offset === 0 && dialog.unread > 0) publish(await writeTx(app.db, (trx) => readDialog(trx, conn.userId, peer)));
        const page = await listMessages(app.db, conn.userId, dialog.dialog_id, offset, limit);
        const items = page.rows.map((r) => toWsMessage(r, r.sender_id === conn.userId ? peer : conn.userId));
        hub.send(conn, { type: 'personalMessages', targetUserId: peer, items, count: page.count, offset });
        return;
      }
      case 'personalMessageSend': {
        const { effect } = await writeTx(app.db, (trx) => sendMessage(trx, conn.userId, { recipient_id: toId(frame.recipientId), text: frame.text }));
        publish(effect);
        return;
      }
    }
    if (conn.channel !== 'chat' || conn.eventId === null) return void exception(conn, 'forbidden', 'register on an event chat first');
    const eventId = conn.eventId;
    switch (frame.type) {
      case 'commentAdd': {
        const { effect } = await writeTx(app.db, (trx) => addComment(trx, conn.userId, { event_id: eventId, comment: frame.comment }));
        publish(effect);
        return;
      }
      case 'userBlock': {
        const effect = await writeTx(app.db, (trx) => blockUser(trx, conn.userId, { event_id: eventId, user_id: toId(frame.targetUserId), reason: frame.reasonText }));
        publish(effect);
        return;
      }
      case 'userUnblock': {
        const targetUserId = toId(frame.targetUserId);
        const effect = await writeTx(app.db, (trx) => unblockUser(trx, conn.userId, { event_id: eventId, user_id: targetUserId }));
        publish(effect);
        hub.send(conn, { type: 'chatUserUnblockResult', event_id: eventId, targetUserId, result: true });
        return;
      }
    }
  }

  const onMessage = (conn: Conn, data: RawData, isBinary: boolean) => {
    if (!admit(conn)) return;
    let frame: unknown;
    try {
      if (isBinary) throw new Error('binary');
      frame = JSON.parse(data.toString());
    } catch {
      exception(conn, 'invalid_input', 'frames are JSON text');
      return;
    }
    if (!checkFrame.Check(frame)) {
      exception(conn, 'invalid_input', `unknown or malformed frame ${(frame as { type?: unknown } | null)?.type ?? ''}`);
      return;
    }
    const f = frame;
    conn.queue = conn.queue
      .then(() => handle(conn, f))
      .catch((err: unknown) => {
        if (err instanceof DomainError) exception(conn, err.code, err.detail);
        else {
          app.log.error(err, 'socket frame failed');
          exception(conn, 'unknown_error');
        }
      });
  };

  const open = (channel: SocketChannel) => (socket: WebSocket, request: FastifyRequest) => {
    const session = request.sessionToken ? sessionKey(request.sessionToken) : (ticketSessions.get(request.raw) ?? null);
    const conn = hub.add(socket, channel, request.user!.id, session);
    socket.on('message', (data, isBinary) => onMessage(conn, data, isBinary));
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('close', () => {
      const eventId = hub.remove(conn);
      if (eventId !== null) {
        left.add(eventId);
        conn.queue = conn.queue.then(() => presence.leave(eventId, conn.userId)).catch(() => undefined);
      }
    });
    socket.on('error', () => {
      // A broken connection also emits close, which cleans up.
    });
  };

  // A logout or a disabled account, on any instance, closes the sockets of the sessions it ended.
  const endSessions = (ended: SessionEnded) => {
    for (const conn of hub.all) {
      if (endsConnection(ended, conn.userId, conn.session)) conn.socket.close(WS_CLOSE.sessionEnded, 'session ended');
    }
  };
  const stopSessions = app.bus.subscribe(SESSIONS_CHANNEL, (message) => endSessions(message as SessionEnded));

  app.get(WS_PATHS.chat, { websocket: true, onRequest: guard }, open('chat'));
  app.get(WS_PATHS.notice, { websocket: true, onRequest: guard }, open('notice'));

  // Heartbeat: drop sockets that did not answer the last ping, and stop the chat of users who
  // lost access since they registered (a cancelled ticket, a removed event). One re-check at a
  // time: a slow database must not stack them up.
  let rechecking: Promise<void> | null = null;
  const heartbeat = setInterval(() => {
    for (const conn of hub.all) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
    if (!rechecking) {
      rechecking = Promise.all([recheckAccess(), recheckSessions()])
        .then(() => undefined)
        .catch((err: unknown) => app.log.error(err, 'socket access re-check failed'))
        .finally(() => {
          rechecking = null;
        });
    }
  }, app.config.socketHeartbeatMs);
  heartbeat.unref();

  /** The bus may lose a logout's announcement; the heartbeat catches what it missed. */
  async function recheckSessions() {
    const hashes = new Set<string>();
    for (const conn of hub.all) if (conn.session) hashes.add(conn.session);
    const live = new Set<string>();
    if (hashes.size) {
      const rows = await app.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.token_hash')
        .where('sessions.token_hash', 'in', [...hashes].map((h) => Buffer.from(h, 'hex')))
        .where('sessions.expires_at', '>', new Date())
        .where('users.disabled', '=', false)
        .where('users.deleted', '=', false)
        .execute();
      for (const r of rows) live.add(Buffer.from(r.token_hash).toString('hex'));
    }
    for (const conn of hub.all) {
      if (conn.session && !live.has(conn.session)) conn.socket.close(WS_CLOSE.sessionEnded, 'session ended');
    }
  }

  async function recheckAccess() {
    const pairs = new Map<string, { eventId: number; userId: number }>();
    for (const eventId of hub.events()) for (const c of hub.eventConns(eventId)) pairs.set(`${eventId}:${c.userId}`, { eventId, userId: c.userId });
    if (pairs.size === 0) return;
    const readers = await readersAmong(app.db, [...pairs.values()]);
    for (const { eventId, userId } of pairs.values()) {
      if (readers.has(`${eventId}:${userId}`)) continue;
      for (const conn of hub.eventConns(eventId)) {
        if (conn.userId !== userId) continue;
        await leaveChat(conn);
        exception(conn, 'ticket_required');
      }
    }
  }

  // events.users_online follows the chats' counters at a modest rate: only events with sockets
  // here (or that just lost their last one), and only when the number changed.
  const writeOnline = async () => {
    const ids = new Set([...presence.localEvents(), ...left]);
    left.clear();
    for (const eventId of ids) {
      const n = await presence.count(eventId);
      await writeTx(app.db, (trx) => trx.updateTable('events').set({ users_online: n }).where('id', '=', eventId).where('users_online', '<>', n).execute());
    }
  };
  let writing: Promise<void> | null = null;
  const onlineTimer = setInterval(() => {
    if (writing) return;
    writing = writeOnline()
      .catch((err: unknown) => app.log.error(err, 'users_online write failed'))
      .finally(() => {
        writing = null;
      });
  }, app.config.usersOnlineWriteMs);
  onlineTimer.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(onlineTimer);
    stopSessions();
    await Promise.all([rechecking, writing]);
    await fanout.stop();
    for (const conn of hub.all) conn.socket.close(WS_CLOSE.goingAway, 'server shutting down');
    await presence.close();
  });
}

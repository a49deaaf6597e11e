import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { CommandBatch, SYNC_RESYNC, type CommandResult } from '../../../contract/commands.ts';
import { COLLECTION_NAMES, USER_SCOPED, type CollectionName } from '../../../contract/entities.ts';
import {
  SYNC_PULL_CHECKPOINT_HEADER,
  SYNC_PULL_COUNT_HEADER,
  SYNC_PULL_DEFAULT_LIMIT,
  SYNC_PULL_MAX_LIMIT,
  SYNC_STREAM_HEARTBEAT_MS,
  SYNC_STREAMS_PER_USER,
} from '../../../contract/constants.ts';
import { DATABASE_RETRY_AFTER_S, isConnectionFault } from '../../db/errors.ts';
import { sessionKey } from '../../domain/auth/sessions.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../domain/effects.ts';
import { ActorGone, applyCommand, clockSkewMs } from '../../domain/sync/commands.ts';
import { mailLocale } from '../../mail/texts.ts';
import { FEEDS, JSON_FEEDS } from '../../domain/sync/feeds.ts';
import { periodic } from '../../realtime/periodic.ts';
import { endDeadSessions, onSessionEnd } from '../../realtime/sessions.ts';
import { OpenStreams } from '../../realtime/streams.ts';
import { compressSync, markCompressed, precompressed } from '../../plugins/compression.ts';

const PullQuery = Type.Object(
  {
    // Bounded like a rev (bigint) can be: a larger number would reach SQL and fail there as a 500.
    checkpoint: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SYNC_PULL_MAX_LIMIT })),
    event_id: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export async function syncRoutes(app: FastifyInstance) {
  const streams = hintStreams(app);
  pullRoute(app);
  commandsRoute(app);
  streamRoute(app, streams);
}

/** The hint streams open here, and whether the server has begun to close: the stream route needs both. */
function hintStreams(app: FastifyInstance) {
  // Open hint streams, ended when the server closes so a shutdown never waits on idle listeners.
  const open = new OpenStreams({ perUser: SYNC_STREAMS_PER_USER, perAddress: app.config.streamsPerAddress });
  let closing = false;
  // An expired session, or a logout whose announcement the bus lost, ends its streams by the next
  // heartbeat, as it ends sockets (realtime/sockets/index.ts). One re-check at a time.
  const recheck = periodic(
    app.config.socketHeartbeatMs,
    () => endDeadSessions(app, open.all, (stream) => stream.end()),
    (err) => app.log.error(err, 'stream session re-check failed'),
  );
  app.addHook('preClose', async () => {
    closing = true;
    await recheck.stop();
    for (const s of [...open.all]) s.end();
  });
  return { open, closing: () => closing };
}

function pullRoute(app: FastifyInstance) {
  app.get<{ Params: { collection: string }; Querystring: Static<typeof PullQuery> }>(
    '/sync/v1/:collection/pull',
    { schema: { querystring: PullQuery } },
    async (request, reply) => {
      const name = request.params.collection;
      if (!(COLLECTION_NAMES as string[]).includes(name)) {
        return reply.code(404).send({ error: 'not_found' });
      }
      if (USER_SCOPED.has(name) && !request.user) return reply.code(401).send({ error: 'auth_required' });
      const limit = request.query.limit ?? SYNC_PULL_DEFAULT_LIMIT;
      const checkpoint = request.query.checkpoint ?? 0;
      const scope: Record<string, string> = {};
      if (request.query.event_id) scope.event_id = String(request.query.event_id);
      const feed = FEEDS[name as CollectionName];
      if (!feed) return reply.code(404).send({ error: 'not_found' });
      const args = {
        userId: request.user?.id ?? null,
        checkpoint,
        limit,
        scope,
        memo: request.user ? app.sessionCache.memo(request.user.id) : undefined,
      };
      const jsonFeed = JSON_FEEDS[name as CollectionName];
      if (jsonFeed) {
        // The bytes JSON.stringify would make of the object below (domain/sync/feeds.ts JSON_FEEDS).
        const body = await jsonFeed(app.db, { ...args, pages: app.pullPages });
        reply.header('cache-control', 'no-store');
        reply.header(SYNC_PULL_COUNT_HEADER, String(body.count));
        reply.header(SYNC_PULL_CHECKPOINT_HEADER, String(body.checkpoint));
        reply.type('application/json; charset=utf-8');
        // A shared page is compressed once and its bytes are sent to every device after it.
        const encoding = body.shared ? precompressed(request, body.text) : undefined;
        if (!body.shared || !encoding) return body.text;
        markCompressed(reply, encoding);
        return app.pullPages.encoded(body.shared, encoding, (text) => compressSync(encoding, text));
      }
      const page = await feed(app.db, args);
      const last = page.documents.at(-1);
      const next = last ? last.rev : checkpoint;
      reply.header('cache-control', 'no-store');
      reply.header(SYNC_PULL_COUNT_HEADER, String(page.documents.length));
      reply.header(SYNC_PULL_CHECKPOINT_HEADER, String(next));
      return { documents: page.documents, checkpoint: next };
    },
  );
}

function commandsRoute(app: FastifyInstance) {
  app.post<{ Body: Static<typeof CommandBatch> }>('/sync/v1/commands', { schema: { body: CommandBatch } }, async (request, reply) => {
    const user = request.user;
    if (!user) return reply.code(401).send({ error: 'auth_required' });
    const results: CommandResult[] = [];
    const skewMs = clockSkewMs(request.body.sentAt, Date.now());
    const sessionHash = request.sessionToken ? Buffer.from(sessionKey(request.sessionToken), 'hex') : undefined;
    // Mail a command leaves for after its commit (an event's cancellation) goes out in the language of this device.
    const lang = mailLocale(request.headers['accept-language']);
    const onInputFault = (err: unknown, cmd: { id: string; kind: string }) =>
      request.log.warn({ err, commandId: cmd.id, kind: cmd.kind }, 'the database refused a command the contract let through; answered invalid_input');
    // In order, one at a time and each in its own transaction: a later command may depend on an
    // earlier one of the same device, and one that fails for its input is answered on its own.
    for (const cmd of request.body.commands) {
      try {
        results.push(
          await applyCommand(app.writer, user.id, cmd, {
            skewMs,
            onInputFault,
            lang,
            invitations: app.limits.invitations,
            cardAvailable: app.cards !== null,
            sessionHash,
            pushHosts: app.config.pushServiceHosts,
          }),
        );
      } catch (err) {
        // What is applied so far is stored, so the device's resend gets those answers back. A lost
        // database is "try again later" (503), which the device never holds against this command;
        // anything else is a server fault (500), which it counts against the command it sent alone.
        // The account was removed or disabled mid-batch: the session is over, like any other 401.
        if (err instanceof ActorGone) return reply.code(401).send({ error: 'auth_required' });
        if (isConnectionFault(err)) {
          request.log.warn({ reason: (err as Error).message, commandId: cmd.id }, 'the database went away during a command batch');
          return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ error: 'database_unavailable' });
        }
        throw err;
      }
    }
    return { results };
  });
}

// Live hints as server-sent events: which collections changed for this user. The worker pulls in
// answer; a missed hint costs latency, never data, because every (re)connect starts with RESYNC.
// A stream holds a connection for as long as the device runs, so it takes a valid session, like
// every user-scoped call, and each user and address may hold only so many (realtime/streams.ts).
// A guest's device pulls the public collections on an interval instead (sync/engine/engine.ts).
function streamRoute(app: FastifyInstance, { open, closing }: ReturnType<typeof hintStreams>) {
  app.get('/sync/v1/stream', async (request, reply) => {
    const user = request.user;
    if (!user) return reply.code(401).send({ error: 'auth_required' });
    const userId = user.id;
    const full = open.full(userId, request.ip);
    if (full) {
      reply.header('retry-after', String(Math.ceil(SYNC_STREAM_HEARTBEAT_MS / 1000)));
      return reply
        .code(429)
        .send({ error: 'rate_limited', message: full === 'user' ? 'too many streams for this user' : 'too many streams from this address' });
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    res.write('retry: 2000\n');
    send({ type: SYNC_RESYNC });
    const unsubscribe = app.bus.subscribe(HINTS_CHANNEL, (message) => {
      const hint = message as ChangeHint;
      if (hint.userIds && !hint.userIds.includes(userId)) return;
      // event_ids lets the device wake only the replications of those events (sync/engine/engine.ts).
      send({ type: 'hint', collections: hint.collections, ...(hint.eventIds?.length ? { event_ids: hint.eventIds } : {}) });
    });
    // The keep-alives are what the device's idle timer watches; they follow the server's socket
    // heartbeat when that is shorter, so one setting decides how fast both kinds of dead peer are seen.
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), Math.min(SYNC_STREAM_HEARTBEAT_MS, app.config.socketHeartbeatMs));
    // Keep-alives into a connection that died without closing do not fail, so the server cannot see
    // such a peer itself: TCP keepalive probes find it (the device has long reconnected by then).
    request.raw.socket.setKeepAlive(true, SYNC_STREAM_HEARTBEAT_MS);
    const session = request.sessionToken ? sessionKey(request.sessionToken) : null;
    // A logout or a disabled account ends the stream at once, on whichever instance holds it.
    const stopOnSessionEnd = onSessionEnd(app.bus, userId, session, () => end());
    const forget = open.add({ userId, address: request.ip, session, end: () => end() });
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      stopOnSessionEnd();
      forget();
    };
    const end = () => {
      close();
      res.end();
    };
    request.raw.on('close', close);
    // A device reconnecting while the server shuts down can get here after preClose has ended the
    // others; left open, its stream would keep close() waiting for good.
    if (closing()) end();
  });
}

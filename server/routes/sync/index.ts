import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { CommandBatch, SYNC_RESYNC, type CommandResult } from '../../../contract/commands.ts';
import { COLLECTION_NAMES, USER_SCOPED, type CollectionName } from '../../../contract/entities.ts';
import { SYNC_PULL_DEFAULT_LIMIT, SYNC_PULL_MAX_LIMIT, SYNC_STREAM_HEARTBEAT_MS } from '../../../contract/constants.ts';
import { applyCommand, clockSkewMs } from '../../domain/commands.ts';
import { FEEDS } from '../../domain/sync/feeds.ts';
import type { Effect } from '../../domain/events/service.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../realtime/bus.ts';
import { onSessionEnd, sessionKey } from '../../realtime/sessions.ts';

const PullQuery = Type.Object(
  {
    // Bounded like a rev (bigint) can be: a larger number would reach SQL and fail there as a 500.
    checkpoint: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SYNC_PULL_MAX_LIMIT })),
    event_id: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export function effectToHints(effect: Effect): ChangeHint[] {
  const scoped = effect.collections.filter((c) => USER_SCOPED.has(c));
  const open = effect.collections.filter((c) => !USER_SCOPED.has(c));
  const hints: ChangeHint[] = [];
  // User-scoped collections never take event ids: their replications are not per event.
  const events = effect.eventIds?.length ? { eventIds: [...new Set(effect.eventIds)] } : {};
  if (open.length) hints.push({ collections: open, ...events });
  if (scoped.length) hints.push({ collections: scoped, userIds: effect.userIds });
  return hints;
}

export async function syncRoutes(app: FastifyInstance) {
  // Open hint streams, ended when the server closes so a shutdown never waits on idle listeners.
  const streams = new Set<() => void>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    for (const end of streams) end();
  });

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
      const page = await FEEDS[name as CollectionName](app.db, {
        userId: request.user?.id ?? null,
        checkpoint,
        limit,
        scope,
      });
      const last = page.documents.at(-1);
      reply.header('cache-control', 'no-store');
      return { documents: page.documents, checkpoint: last ? last.rev : checkpoint };
    },
  );

  app.post<{ Body: Static<typeof CommandBatch> }>('/sync/v1/commands', { schema: { body: CommandBatch } }, async (request, reply) => {
    const user = request.user;
    if (!user) return reply.code(401).send({ error: 'auth_required' });
    const results: CommandResult[] = [];
    const skewMs = clockSkewMs(request.body.sentAt, Date.now());
    // In order, one at a time: a later command may depend on an earlier one of the same device.
    for (const cmd of request.body.commands) {
      results.push(
        await applyCommand(app.db, user.id, cmd, (effect) => {
          for (const hint of effectToHints(effect)) void app.bus.publish(HINTS_CHANNEL, hint);
        }, skewMs),
      );
    }
    return { results };
  });

  // Live hints as server-sent events: which collections changed for this user. The worker pulls in
  // answer; a missed hint costs latency, never data, because every (re)connect starts with RESYNC.
  app.get('/sync/v1/stream', async (request, reply) => {
    const userId = request.user?.id ?? null;
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
      if (hint.userIds && (userId === null || !hint.userIds.includes(userId))) return;
      // event_ids lets the device wake only the replications of those events (sync/engine.ts).
      send({ type: 'hint', collections: hint.collections, ...(hint.eventIds?.length ? { event_ids: hint.eventIds } : {}) });
    });
    // The keep-alives are what the device's idle timer watches; they follow the server's socket
    // heartbeat when that is shorter, so one setting decides how fast both kinds of dead peer are seen.
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), Math.min(SYNC_STREAM_HEARTBEAT_MS, app.config.socketHeartbeatMs));
    // Keep-alives into a connection that died without closing do not fail, so the server cannot see
    // such a peer itself: TCP keepalive probes find it (the device has long reconnected by then).
    request.raw.socket.setKeepAlive(true, SYNC_STREAM_HEARTBEAT_MS);
    // A logout or a disabled account ends the stream at once, on whichever instance holds it.
    const stopOnSessionEnd = userId === null ? () => {} : onSessionEnd(app.bus, userId, request.sessionToken ? sessionKey(request.sessionToken) : null, () => end());
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      stopOnSessionEnd();
      streams.delete(end);
    };
    const end = () => {
      close();
      res.end();
    };
    streams.add(end);
    request.raw.on('close', close);
    // A device reconnecting while the server shuts down can get here after preClose has ended the
    // others; left open, its stream would keep close() waiting for good.
    if (closing) end();
  });
}

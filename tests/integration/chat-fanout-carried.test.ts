import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findComment, toWsComment, toWsUser } from '../../server/domain/chat/repository.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../server/domain/effects.ts';
import { CATCH_UP_MS } from '../../server/realtime/changes.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { startTestCluster, type TestCluster } from '../fixtures/cluster.ts';
import { startTestServer } from '../fixtures/server.ts';
import { createMemoryBus, type Bus } from '../../server/realtime/bus.ts';
import { chatSocket, wait, type TestSocket } from './chat-helpers.ts';
import { liveEvent, person } from './attacks-helpers.ts';

/**
 * A new comment reaches the sockets from its announcement (realtime/changes.ts): the hint carries
 * the comment as inserted (chat/service.ts), so no instance reads it back before sending. Two
 * instances share the database and a Redis bus; the comment is posted on one and watched on both.
 */

const PREFIX = `test-carried-${randomBytes(6).toString('hex')}:`;
/** Well under the fan-out's safety poll (5 s). */
const FAST = 3000;

let database: TestDatabase;
let cluster: TestCluster | undefined;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  cluster = await startTestCluster(database, { prefix: PREFIX, socketHeartbeatMs: 60_000 });
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await cluster?.close();
  await database?.dispose();
});

const track = (s: TestSocket) => {
  sockets.push(s);
  return s;
};

describe('comments carried by their announcement', () => {
  it('sends each new comment once, on both instances, exactly as a read of the database would build it', async () => {
    const [A, B] = cluster!.urls as [string, string];
    const eventId = await liveEvent(database.db);
    const author = await person(database.db, eventId);
    const reader = await person(database.db, eventId);
    const onA = track(await chatSocket(A, author.token, author.id, eventId));
    const onB = track(await chatSocket(B, reader.token, reader.id, eventId));

    onA.send({ type: 'commentAdd', comment: 'first <b>&"quoted"</b> ✓' });
    const first = await onB.next('commentCreated', (f) => f.comment.comment.startsWith('first'), FAST);
    const row = (await findComment(database.db, 0, first.comment.id))!;
    expect(first).toEqual({
      type: 'commentCreated',
      comment: toWsComment(row),
      users: { [String(author.id)]: toWsUser(row) },
      broadcast_statistics: { users_online: 2 },
    });
    expect((await onA.next('commentCreated', (f) => f.comment.id === first.comment.id, FAST)).comment).toEqual(first.comment);

    // The second comment comes after every read the first one caused: by then a duplicate would be here.
    onB.send({ type: 'commentAdd', comment: 'second' });
    const second = await onA.next('commentCreated', (f) => f.comment.comment === 'second', FAST);
    await onB.next('commentCreated', (f) => f.comment.id === second.comment.id, FAST);
    // The read that trails comments sent from their hints has run by then.
    await wait(CATCH_UP_MS + 300);
    // next() took each socket's one frame of each comment: a second one would still be there.
    for (const s of [onA, onB]) {
      expect(s.frames.filter((f) => f.type === 'commentCreated' && [first.comment.id, second.comment.id].includes(f.comment.id))).toEqual([]);
    }
  });

  it('sends the comment a hint carries without reading it: one that is not in the database still arrives', async () => {
    const [, B] = cluster!.urls as [string, string];
    const eventId = await liveEvent(database.db);
    const reader = await person(database.db, eventId);
    const onB = track(await chatSocket(B, reader.token, reader.id, eventId));
    // An id no row has: only the hint can have brought it.
    const id = 2_000_000_000 + Math.floor(Math.random() * 1e8);
    const comment = {
      id,
      event_id: eventId,
      user_id: reader.id,
      comment: 'from the hint',
      image: '',
      date: 1,
      likes: { like: 0, dislike: 0, my_like_type: 0 },
      is_blocked_in_chat: false,
    };
    const user = { id: reader.id, user_id: reader.id, first_name: 'H', last_name: 'Int', name: 'H Int', avatar: '', is_blocked_in_chat: false };
    const hint: ChangeHint = { collections: ['comments'], eventIds: [eventId], created: { comment, user } };
    await cluster!.buses[0]!.publish(HINTS_CHANNEL, hint);
    expect(await onB.next('commentCreated', (f) => f.comment.id === id, FAST)).toMatchObject({ comment, users: { [String(reader.id)]: user } });
  });

  it('sends a comment to the sockets of the instance that wrote it without waiting for the bus', async () => {
    // A bus that loses every change hint: only the writer's own instance hearing it at once
    // (app.heardHere) can bring the comment sooner than the fan-out's 5 s safety poll.
    const memory = createMemoryBus();
    const deaf: Bus = { ...memory, publish: (channel, message) => (channel === HINTS_CHANNEL ? Promise.resolve() : memory.publish(channel, message)) };
    const server = await startTestServer({ database, listen: true, bus: deaf, config: { socketHeartbeatMs: 60_000 } });
    try {
      const eventId = await liveEvent(database.db);
      const author = await person(database.db, eventId);
      const reader = await person(database.db, eventId);
      const authorSocket = track(await chatSocket(server.url, author.token, author.id, eventId));
      const readerSocket = track(await chatSocket(server.url, reader.token, reader.id, eventId));
      authorSocket.send({ type: 'commentAdd', comment: 'heard here' });
      const frame = await readerSocket.next('commentCreated', (f) => f.comment.comment === 'heard here', FAST);
      expect(frame.comment.user_id).toBe(author.id);
      expect((await authorSocket.next('commentCreated', (f) => f.comment.id === frame.comment.id, FAST)).comment).toEqual(frame.comment);
    } finally {
      await Promise.all(sockets.splice(0).map((x) => x.close()));
      await server.close();
      await memory.close();
    }
  });
});

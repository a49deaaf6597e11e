import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findComment, toWsComment, toWsUser } from '../../server/domain/chat/repository.ts';
import { CATCH_UP_MS } from '../../server/realtime/changes.ts';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { call, liveEvent, person, type Person } from './attacks-helpers.ts';
import { command, makeStaff, wait } from './chat-helpers.ts';

/**
 * What the chat fan-out puts on the wire (realtime/hub.ts, realtime/changes.ts): one encoding of a
 * frame for all its sockets, text frames only, the per-viewer variant of a block notice, and the
 * read that trails the comments sent from their hints.
 */

let server: TestServer & { url: string };
const open: RawSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ listen: true, config: { socketHeartbeatMs: 60_000 } });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await server?.close();
});

interface RawSocket {
  ws: WebSocket;
  /** Every message after the registration, as the bytes arrived. */
  raw: { text: string; binary: boolean }[];
  /** Resolves with the first message (already here or coming) whose parsed frame passes `match`. */
  next(match: (f: { type: string } & Record<string, unknown>) => boolean, timeoutMs?: number): Promise<{ text: string; binary: boolean }>;
  close(): Promise<void>;
}

/** A registered chat socket that keeps each message as it came, not only as parsed. */
async function rawChat(who: Person, eventId: number): Promise<RawSocket> {
  // ws offers per-message-deflate unless told not to, as browsers do.
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/wss/chat`, { headers: { authorization: `Bearer ${who.token}` } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const raw: RawSocket['raw'] = [];
  const waiters = new Set<() => void>();
  const registered = new Promise<void>((resolve) => {
    ws.on('message', (data: Buffer, binary: boolean) => {
      const text = data.toString();
      if (JSON.parse(text).type === 'registered') return resolve();
      raw.push({ text, binary });
      for (const w of [...waiters]) w();
    });
  });
  ws.send(JSON.stringify({ type: 'register', userId: who.id, eventId }));
  await registered;
  const socket: RawSocket = {
    ws,
    raw,
    next(match, timeoutMs = 5000) {
      const find = () => raw.find((m) => match(JSON.parse(m.text)));
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = find();
          if (!m) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${raw.map((m) => m.text).join(' | ')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
  open.push(socket);
  return socket;
}

const postComment = (who: Person, eventId: number, comment: string) =>
  call<{ data: { comment: { id: number } } }>(server.app, who, 'POST', '/api/events/add-comment', { event_id: eventId, comment });

describe('the bytes a chat frame goes out as', () => {
  it('gives every socket of the chat the same text frame, the one a read of the comment builds', async () => {
    const db = server.database.db;
    const eventId = await liveEvent(db);
    const author = await person(db, eventId, { first_name: 'Олена', last_name: 'Д"ефіс' });
    const readers = await Promise.all([1, 2, 3].map(() => person(db, eventId)));
    const mod = await person(db, eventId);
    await makeStaff(db, eventId, mod.id, 'moderator');
    const [r0] = readers as [Person, Person, Person];
    // The same reader twice: two sockets of one person count once online.
    const sockets = [await rawChat(author, eventId), await rawChat(mod, eventId), await rawChat(r0, eventId)];
    for (const r of readers) sockets.push(await rawChat(r, eventId));

    const posted = await postComment(author, eventId, 'привіт <b>&"всім"</b> ✓ 😀');
    const id = posted.body!.data.comment.id;
    const got = await Promise.all(sockets.map((s) => s.next((f) => f.type === 'commentCreated')));
    expect(got.every((m) => !m.binary)).toBe(true);
    expect(new Set(got.map((m) => m.text)).size).toBe(1);
    const row = (await findComment(db, 0, id))!;
    expect(JSON.parse(got[0]!.text)).toEqual({
      type: 'commentCreated',
      comment: toWsComment(row),
      users: { [String(author.id)]: toWsUser(row) },
      broadcast_statistics: { users_online: 5 },
    });
    // Nothing was deflated: the server offers no compression, so a frame is the same bytes for all.
    for (const s of sockets) expect(s.ws.extensions).toBe('');
  });

  it('gives the reason of a block to the person and the staff only, in one encoding each', async () => {
    const db = server.database.db;
    const eventId = await liveEvent(db);
    const mod = await person(db, eventId);
    await makeStaff(db, eventId, mod.id, 'moderator');
    const target = await person(db, eventId);
    const others = await Promise.all([1, 2].map(() => person(db, eventId)));
    const staffSide = [await rawChat(mod, eventId), await rawChat(target, eventId)];
    const othersSide = await Promise.all(others.map((o) => rawChat(o, eventId)));

    expect((await command(server.app, mod.token, 'chat.block', { event_id: eventId, user_id: target.id, reason: 'Spam' })).status).toBe('applied');
    const isNotice = (f: { type: string }) => f.type === 'chatUserBlockedNotice';
    const withReason = await Promise.all(staffSide.map((s) => s.next(isNotice)));
    const without = await Promise.all(othersSide.map((s) => s.next(isNotice)));
    expect(new Set(withReason.map((m) => m.text))).toEqual(
      new Set([JSON.stringify({ type: 'chatUserBlockedNotice', event_id: eventId, userId: target.id, reasonText: 'Spam' })]),
    );
    expect(new Set(without.map((m) => m.text))).toEqual(new Set([JSON.stringify({ type: 'chatUserBlockedNotice', event_id: eventId, userId: target.id })]));
    expect([...withReason, ...without].every((m) => !m.binary)).toBe(true);
  });
});

describe('the read that trails comments sent from their hints', () => {
  it('sends a vote cast before it as commentVoted, and never the comment a second time', async () => {
    const db = server.database.db;
    const eventId = await liveEvent(db);
    const author = await person(db, eventId);
    const voter = await person(db, eventId);
    const s = await rawChat(voter, eventId);

    const id = (await postComment(author, eventId, 'vote for me')).body!.data.comment.id;
    expect((await command(server.app, voter.token, 'comment.like', { comment_id: id, like_type: 1 })).status).toBe('applied');
    const voted = JSON.parse((await s.next((f) => f.type === 'commentVoted' && f.comment_id === id)).text);
    expect(voted).toMatchObject({ comment_id: id, event_id: eventId, likes: { like: 1, dislike: 0 } });
    await wait(CATCH_UP_MS + 500);
    const frames = s.raw.map((m) => JSON.parse(m.text) as { type: string; comment?: { id: number }; comment_id?: number });
    expect(frames.filter((f) => f.comment?.id === id || f.comment_id === id).map((f) => f.type)).toEqual(['commentCreated', 'commentVoted']);
  });

  it('does not hand a socket that registers later a comment sent before it came', async () => {
    const db = server.database.db;
    const busy = await liveEvent(db);
    const empty = await liveEvent(db);
    const [a, b, c] = await Promise.all([person(db, busy), person(db, busy), person(db, empty)]);
    const first = await rawChat(a, busy);
    const inBusy = (await postComment(a, busy, 'before b came')).body!.data.comment.id;
    await first.next((f) => f.type === 'commentCreated');
    // A chat with no socket here at all when its comment is posted.
    const inEmpty = (await postComment(c, empty, 'before anybody came')).body!.data.comment.id;
    const late = await rawChat(b, busy);
    const lateEmpty = await rawChat(c, empty);
    await wait(CATCH_UP_MS + 500);
    expect(late.raw.map((m) => m.text).filter((t) => t.includes(`"id":${inBusy},`))).toEqual([]);
    expect(lateEmpty.raw.map((m) => m.text).filter((t) => t.includes(`"id":${inEmpty},`))).toEqual([]);
    // The read has run by now and still delivers what is new.
    await postComment(b, busy, 'after');
    expect(JSON.parse((await late.next((f) => f.type === 'commentCreated')).text).comment.comment).toBe('after');
  });
});

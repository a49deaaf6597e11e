import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { COMMENTS_WINDOW } from '../../contract/chat.ts';
import { CHAT_PAGE_SIZE } from '../../contract/constants.ts';
import { createEvent } from '../fixtures/factories.ts';
import { devicesBehindProxy, waitForScope, type LocalDevice } from '../fixtures/local-device.ts';
import { signInNewUser, type DeviceAuth } from '../fixtures/sign-in.ts';
import { command } from './chat-helpers.ts';
import { observeChatSource, overlayComments } from '../../sync/views/chat/chat.ts';
import {
  EMPTY_HISTORY,
  observeChatHistoryRequests,
  olderState,
  readChatHistory,
  setChatHistoryOpen,
  wantOlderComments,
} from '../../sync/views/chat/history.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * The live side of the event chat on a device against a real server:
 *
 * - live hints carry the event, so a device that replicates event A's chat does not pull A when
 *   somebody writes in event B, and still pulls A for A's own comments;
 * - older comments (beyond the replicated window) loaded on demand stay fresh while the chat is on
 *   screen: a like or a deletion by somebody else reaches the device's copy; a closed chat is not
 *   refreshed until it opens again; a page that cannot load says so and loads on retry.
 */

const { server, proxy, devices } = devicesBehindProxy();

const openDevice = (auth: DeviceAuth) =>
  devices.openDevice({ name: 'foyer-chat-live', baseUrl: proxy.url, auth, collections: ['events', 'my_events', 'comments'] });

const signIn = () => signInNewUser(server.app.db, server.url);

async function checkIn(token: string, eventId: number) {
  expect((await command(server.app, token, 'event.checkin', { event_id: eventId })).status).toBe('applied');
}

/** The event's chat caught up with its feed, and what that pull brought is written. */
async function scopeSynced(d: LocalDevice, eventId: number) {
  await waitForScope(d.db, `comments@${eventId}`);
  await d.engine.awaitInSync();
}

/** Pulls of one event's comments that this device's requests made, by the proxy's log. */
const pullsOf = (token: string, eventId: number) =>
  proxy.log.filter((r) => {
    const url = new URL(r.path, 'http://device');
    return r.authorization === `Bearer ${token}` && url.pathname === '/sync/v1/comments/pull' && url.searchParams.get('event_id') === String(eventId);
  }).length;

async function post(token: string, eventId: number, text: string): Promise<number> {
  const result = await command(server.app, token, 'comment.add', { event_id: eventId, comment: text });
  expect(result.status).toBe('applied');
  return Number(result.ids![0]);
}

const hasComment = (d: LocalDevice, id: number) => d.db.comments.findOne(String(id)).exec().then(Boolean);

describe('comment hints are scoped by event', () => {
  it('a device replicating A and C is not woken for B, and still pulls A and C for their own comments', async () => {
    const [a, b, c] = [await createEvent(server.app.db), await createEvent(server.app.db), await createEvent(server.app.db)];
    const reader = await signIn();
    const writer = await signIn();
    for (const e of [a, c]) await checkIn(reader.token, e.id);
    for (const e of [a, b, c]) await checkIn(writer.token, e.id);
    const device = await openDevice(reader);
    await scopeSynced(device, a.id);
    await scopeSynced(device, c.id);
    await device.engine.awaitInSync();
    const before = pullsOf(reader.token, a.id);
    expect(before).toBeGreaterThan(0);

    // B's hint comes first on the device's one stream, then C's; once C's comment is on the device
    // and every replication is idle again, any pull B's hint caused has been made.
    await post(writer.token, b.id, 'in B');
    const inC = await post(writer.token, c.id, 'in C');
    await waitFor("C's comment on the device", () => hasComment(device, inC));
    await device.engine.awaitInSync();
    expect(pullsOf(reader.token, a.id)).toBe(before);

    const inA = await post(writer.token, a.id, 'in A');
    await waitFor("A's comment on the device", () => hasComment(device, inA));
    expect(pullsOf(reader.token, a.id)).toBeGreaterThan(before);
  });

  it('names the event on the stream', async () => {
    const event = await createEvent(server.app.db);
    const writer = await signIn();
    await checkIn(writer.token, event.id);
    const controller = new AbortController();
    const res = await fetch(`${server.url}/sync/v1/stream`, { headers: { authorization: `Bearer ${writer.token}` }, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) text += decoder.decode((await reader.read()).value, { stream: true });
    };
    try {
      await readUntil('RESYNC');
      await post(writer.token, event.id, 'named');
      await readUntil('"comments"');
      const hint = text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => JSON.parse(l.slice(6)) as { type: string; collections?: string[]; event_ids?: number[] })
        .find((m) => m.collections?.includes('comments'));
      expect(hint).toEqual({ type: 'hint', collections: ['comments'], event_ids: [event.id] });
    } finally {
      controller.abort();
    }
  });
});

describe('older comments on the device', () => {
  /** An event with `older` comments below a full window, written straight into the table. */
  async function busyChat(older: number) {
    const event = await createEvent(server.app.db);
    const author = await signIn();
    await checkIn(author.token, event.id);
    const total = COMMENTS_WINDOW + older;
    const rows = await server.app.db
      .insertInto('chat_comments')
      .values(Array.from({ length: total }, (_, i) => ({ event_id: event.id, user_id: author.user.id, comment: `comment ${i + 1}` })))
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id).sort((x, y) => x - y);
    return { event, author, ids, olderIds: ids.slice(0, older) };
  }

  it('keeps likes and deletions of loaded older comments fresh while the chat is open, and only then', async () => {
    const { event, author, olderIds } = await busyChat(25);
    const reader = await signIn();
    const voter = await signIn();
    await checkIn(reader.token, event.id);
    await checkIn(voter.token, event.id);
    const device = await openDevice(reader);
    await scopeSynced(device, event.id);
    expect(await device.db.comments.count({ selector: { event_id: event.id } }).exec()).toBe(COMMENTS_WINDOW);

    // The screen opens the chat and scrolls up once: one page just below the window.
    await setChatHistoryOpen(device.db, event.id, true);
    await wantOlderComments(device.db, event.id, 1);
    const firstPage = olderIds.slice(-CHAT_PAGE_SIZE);
    await waitFor('the first older page', async () => (await readChatHistory(device.db, event.id))?.items.length === CHAT_PAGE_SIZE);
    expect((await readChatHistory(device.db, event.id))!.items.map((c) => c.comment_id)).toEqual(firstPage);

    // Somebody likes one older comment and its author deletes another: neither is in the window.
    const [liked, removed] = [firstPage[0]!, firstPage[5]!];
    expect(await hasComment(device, liked)).toBe(false);
    expect((await command(server.app, voter.token, 'comment.like', { comment_id: liked, like_type: 1 })).status).toBe('applied');
    expect((await command(server.app, author.token, 'comment.remove', { comment_id: removed })).status).toBe('applied');
    await waitFor('the like and the deletion in the history', async () => {
      const items = (await readChatHistory(device.db, event.id))?.items ?? [];
      return items.find((c) => c.comment_id === liked)?.likes_count === 1 && !items.some((c) => c.comment_id === removed);
    });
    // The screen's view (window, history and outbox together) shows it so.
    const { window, commands } = await firstValueFrom(observeChatSource(device.db, event.id));
    const history = (await readChatHistory(device.db, event.id))!;
    const view = overlayComments(event.id, window, history.items, commands, null);
    expect(view).toHaveLength(COMMENTS_WINDOW + CHAT_PAGE_SIZE - 1);
    expect(view.find((i) => i.comment_id === liked)).toMatchObject({ likes_count: 1, state: 'sent' });
    expect(view.some((i) => i.comment_id === removed)).toBe(false);

    // Closed: a dislike is not fetched, even when a later hint for the event has been handled...
    await setChatHistoryOpen(device.db, event.id, false);
    await waitFor('the request to say closed', async () => (await firstValueFrom(observeChatHistoryRequests(device.db)))[String(event.id)]?.open === false);
    const disliked = firstPage[1]!;
    expect((await command(server.app, voter.token, 'comment.like', { comment_id: disliked, like_type: 2 })).status).toBe('applied');
    const later = await post(voter.token, event.id, 'a later comment');
    await waitFor('the later comment', () => hasComment(device, later));
    await device.engine.awaitScopes();
    const dislikesOf = async (id: number) => (await readChatHistory(device.db, event.id))?.items.find((c) => c.comment_id === id)?.dislikes_count;
    expect(await dislikesOf(disliked)).toBe(0);
    // ...and opening the chat again brings it.
    await setChatHistoryOpen(device.db, event.id, true);
    await waitFor('the dislike after reopening', async () => (await dislikesOf(disliked)) === 1);
  });

  it('says when a page cannot load, loads it on retry, and stops at the first comment', async () => {
    const { event, olderIds } = await busyChat(15);
    const reader = await signIn();
    await checkIn(reader.token, event.id);
    const device = await openDevice(reader);
    await scopeSynced(device, event.id);
    await setChatHistoryOpen(device.db, event.id, true);

    proxy.setOnline(false);
    await wantOlderComments(device.db, event.id, 1);
    const state = async () => {
      const requests = await firstValueFrom(observeChatHistoryRequests(device.db));
      return olderState((await readChatHistory(device.db, event.id)) ?? EMPTY_HISTORY, requests[String(event.id)]);
    };
    await waitFor('the page to be reported as failed', async () => (await state()).failed);
    expect(await state()).toMatchObject({ items: [], loading: false, failed: true });

    proxy.setOnline(true);
    // A retry is the same want again.
    await wantOlderComments(device.db, event.id, 1);
    await waitFor('the page after the retry', async () => (await state()).items.length === CHAT_PAGE_SIZE);
    expect(await state()).toMatchObject({ failed: false, loading: false, exhausted: false });

    // Five more exist: the next page is short, and nothing older is asked for after it.
    await wantOlderComments(device.db, event.id, 2);
    await waitFor('the last page', async () => (await state()).exhausted);
    expect((await state()).items.map((c) => c.comment_id)).toEqual(olderIds);
    expect((await state()).loading).toBe(false);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CHAT_IMAGE_MAX_BYTES, COMMENTS_WINDOW } from '../../contract/chat.ts';
import { CHAT_AUTOSCROLL_PX, CHAT_FIRST_DRAWN, CHAT_PAGE_SIZE } from '../../contract/constants.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { openDatabase } from '../../server/db/index.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, findEventByName } from './fixtures/api.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { ChatPage } from './pages/ChatPage.ts';

/**
 * The event chat end to end, in Chromium against the built app and the real server: anna (a ticket
 * holder) writes a comment while the server is down, sees it at once as pending, and once as sent
 * after the server is back — and the server holds it once; the organiser, in a second browser,
 * deletes it and it leaves anna's screen. Then what the chat screen promises: no empty or double
 * sends, text shown as text, "No messages yet", older pages on scrolling up, following new comments
 * only near the end, and the picture size limit.
 */

const RESYNC_TIMEOUT_MS = 45_000;
/** Comments added under the seed's own, so the chat has history beyond the replicated window. */
const EXTRA_COMMENTS = COMMENTS_WINDOW;
const EMPTY_CHAT_EVENT = 'Warsaw Design Week';

const suite = e2eSuite({ browsers: { anna: 'en-US', owner: 'en-US' }, restartEachTest: true });
const { poll, until } = suite;
let server: FoyerServer;
let anna: TestBrowser;
let owner: TestBrowser;
let eventId: number;

/** Writes `n` comments by bohdan into the stopped server's database, an hour back so no rate limit counts them. */
async function addComments(dataDir: string, n: number) {
  const database = await openDatabase({ dataDir });
  try {
    const bohdan = await database.db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.bohdan).executeTakeFirstOrThrow();
    const at = Date.now() - 3_600_000;
    await database.db
      .insertInto('chat_comments')
      .values(
        Array.from({ length: n }, (_, i) => ({
          event_id: eventId,
          user_id: bohdan.id,
          comment: `history ${i + 1}`,
          created_at: new Date(at + i * 1000),
          received_at: new Date(at + i * 1000),
        })),
      )
      .execute();
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  ({ server } = suite);
  anna = suite.browser('anna');
  owner = suite.browser('owner');
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  await server.stop();
  await addComments(server.dataDir, EXTRA_COMMENTS);
  await server.start();
});

/** The live comments of the event as the legacy list gives them to anyone who may read the chat. */
async function serverComments(token: string): Promise<{ id: number; comment: string }[]> {
  const out: { id: number; comment: string }[] = [];
  let before = 0;
  for (;;) {
    const q = new URLSearchParams({ event_id: String(eventId), limit: '100', sort_by: '-date' });
    if (before) q.set('before_id', String(before));
    const res = await fetch(`${server.url}/api/events/get-chat-messages?${q}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { status_code: number; data: { comment_data: { items: { id: number; comment: string }[] } } };
    if (body.status_code !== 200) throw new Error(`get-chat-messages answered ${JSON.stringify(body)}`);
    const items = body.data.comment_data.items;
    out.push(...items);
    if (items.length < 100) return out;
    before = Math.min(...items.map((c) => c.id));
  }
}

async function postAs(token: string, comment: string): Promise<void> {
  const res = await fetch(`${server.url}/api/events/add-comment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ event_id: eventId, comment }),
  });
  const body = (await res.json()) as { status_code: number };
  if (body.status_code !== 200) throw new Error(`add-comment answered ${JSON.stringify(body)}`);
}

describe('event chat', () => {
  it('posts offline, shows the comment once after reconnecting, and a moderator deletes it', async () => {
    const chat = new ChatPage(anna.page, server.url);
    const status = new SyncStatusBar(anna.page);
    const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    await suite.signIn(anna.page, DEMO_ACCOUNTS.anna, `/en/events/${eventId}`, { waitForWorker: true });
    await until(() => chat.count(), CHAT_FIRST_DRAWN, 60_000, "the chat's newest comments on anna's device");
    await poll(() => status.isIdle(), Boolean, 60_000, "anna's first sync");

    // A text of spaces cannot be sent.
    await chat.input.fill('   \n  ');
    expect(await chat.send.isDisabled()).toBe(true);

    // Offline: the server is gone. The comment (markup in it, to be shown as text) is pending at once.
    const text = `<img src=x onerror="window.__chatXss=1"><b>written offline</b> ${Date.now()}`;
    await server.stop();
    await poll(() => status.isOffline(), Boolean, 30_000, 'the status to say offline');
    await chat.input.fill(text);
    // A double tap and an Enter on top of it: one comment.
    await chat.send.dblclick();
    await chat.input.press('Enter');
    await poll(
      () => chat.states(text),
      (s) => s.length === 1 && s[0] === 'pending',
      5_000,
      'the comment to show as pending',
    );
    expect(await chat.input.inputValue()).toBe('');
    await until(() => status.pending(), 1, 5_000, 'one pending change');
    const shown = chat.messagesWithText(text).locator('.chat-msg__text');
    expect(await shown.evaluate((el) => el.children.length), 'the markup stays text').toBe(0);
    expect(await anna.page.evaluate(() => (window as { __chatXss?: number }).__chatXss)).toBeUndefined();

    // Back online: sent once, shown once, held once.
    await server.start();
    await until(() => status.pending(), 0, RESYNC_TIMEOUT_MS, 'the comment to be sent');
    await poll(
      () => chat.states(text),
      (s) => s.length === 1 && s[0] === 'sent',
      RESYNC_TIMEOUT_MS,
      'the comment to come back as sent',
    );
    const held = (await serverComments(annaToken)).filter((c) => c.comment === text);
    expect(held).toHaveLength(1);
    expect(await chat.states(text)).toEqual(['sent']);

    // The organiser (owner and moderator of every demo event) deletes it from another browser.
    const ownerChat = new ChatPage(owner.page, server.url);
    await suite.signIn(owner.page, DEMO_ACCOUNTS.owner, `/en/events/${eventId}`, { waitForWorker: true });
    const theirs = ownerChat.messagesWithText(text);
    await until(() => theirs.count(), 1, RESYNC_TIMEOUT_MS, "the comment on the organiser's device");
    await ownerChat.deleteComment(theirs);
    await until(() => chat.messagesWithText(text).count(), 0, RESYNC_TIMEOUT_MS, "the deletion to reach anna's screen");
    expect((await serverComments(annaToken)).some((c) => c.comment === text)).toBe(false);
    expect(await anna.page.evaluate(() => (window as { __chatXss?: number }).__chatXss)).toBeUndefined();
  });

  it('says "No messages yet" for an empty chat', async () => {
    const empty = await findEventByName(server.url, EMPTY_CHAT_EVENT);
    const chat = new ChatPage(owner.page, server.url);
    await chat.goto(empty.event_id);
    await chat.empty.waitFor({ timeout: RESYNC_TIMEOUT_MS });
    expect(await chat.count()).toBe(0);
  });

  it("draws the newest comments, then older ones on scrolling up (past the device's window from the server), and follows new ones only near the end", async () => {
    const chat = new ChatPage(anna.page, server.url);
    const bohdanToken = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
    await chat.goto(eventId);
    // The device holds the whole recent window; the screen draws only the newest of it at first.
    await poll(() => new SyncStatusBar(anna.page).isIdle(), Boolean, 60_000, "anna's sync");
    await until(() => chat.count(), CHAT_FIRST_DRAWN, 60_000, 'the newest comments');
    // Opened at the end.
    await poll(
      () => chat.distanceFromBottom(),
      (d) => d <= CHAT_AUTOSCROLL_PX,
      10_000,
      'the list to open at its end',
    );

    // Scrolling to the top draws one older page of 10 above, and keeps the reader's place.
    const oldest = await chat.firstText();
    await chat.scrollTo(0);
    await until(() => chat.count(), CHAT_FIRST_DRAWN + CHAT_PAGE_SIZE, RESYNC_TIMEOUT_MS, 'one older page');
    expect(await chat.firstText()).not.toBe(oldest);
    expect(await chat.scrollTop(), 'the place is kept, not jumped to the top').toBeGreaterThan(0);

    // On up through the window the device holds, and past it: the history the server has beyond it.
    let shown = await chat.count();
    while (shown <= COMMENTS_WINDOW + CHAT_PAGE_SIZE) {
      const before = shown;
      await chat.scrollTo(0);
      shown = await poll(
        () => chat.count(),
        (n) => n > before,
        RESYNC_TIMEOUT_MS,
        `older comments above the ${before} shown`,
      );
      expect(shown - before, 'at most one page at a time').toBeLessThanOrEqual(CHAT_PAGE_SIZE);
    }

    // At the end, a new comment by somebody else scrolls into view.
    await chat.scrollTo('bottom');
    await postAs(bohdanToken, `near the end ${Date.now()}`);
    await until(() => chat.count(), shown + 1, RESYNC_TIMEOUT_MS, 'the new comment');
    await poll(
      () => chat.distanceFromBottom(),
      (d) => d <= 1,
      5_000,
      'the list to follow the new comment',
    );

    // Further up than 280 px, the next one does not move the list.
    const { top } = await chat.list.evaluate((el) => {
      el.scrollTop = el.scrollHeight - el.clientHeight - 600;
      el.dispatchEvent(new Event('scroll'));
      return { top: el.scrollTop };
    });
    await postAs(bohdanToken, `while reading above ${Date.now()}`);
    await until(() => chat.count(), shown + 2, RESYNC_TIMEOUT_MS, 'the second new comment');
    expect(await chat.scrollTop()).toBe(top);
    expect(await chat.distanceFromBottom()).toBeGreaterThan(CHAT_AUTOSCROLL_PX);
  });

  it('refuses a picture over the size limit when chosen, and sends one within it', async () => {
    const chat = new ChatPage(anna.page, server.url);
    await chat.goto(eventId);
    await until(() => chat.count(), CHAT_FIRST_DRAWN, 60_000, 'the newest comments');

    await chat.attach.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(CHAT_IMAGE_MAX_BYTES + 1, 1) });
    await chat.notice.waitFor();
    expect(await chat.notice.textContent()).toMatch(/up to 5 MB/);
    expect(await chat.root.getByText('Attach an image').count()).toBe(1);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f6fed' } })
      .png()
      .toBuffer();
    await chat.attach.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png });
    await chat.root.getByText('Image: small.png').waitFor();
    expect(await chat.notice.count()).toBe(0);
    const text = `with a picture ${Date.now()}`;
    await chat.input.fill(text);
    await chat.send.click();
    await poll(
      () => chat.states(text),
      (s) => s[0] === 'sent',
      RESYNC_TIMEOUT_MS,
      'the comment with its picture',
    );
    const image = chat.messagesWithText(text).getByRole('img', { name: 'Image attached to the comment' });
    expect(await image.getAttribute('src')).toMatch(/^\/files\/uploads\/chat\/[a-f0-9]{32}\.(png|jpg|webp)$/);
    await poll(
      () => image.evaluate((el) => (el as HTMLImageElement).naturalWidth),
      (w) => w > 0,
      10_000,
      'the picture to load',
    );
  });
});

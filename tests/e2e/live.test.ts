import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_ONLINE_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, findEventByName } from './fixtures/api.ts';
import { LivePage } from './pages/LivePage.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * The live translation page end to end, on the running online demo event:
 * - a guest gets the login prompt and nothing else: no video request, no chat socket;
 * - a user without a ticket gets the ticket dialog and no chat socket, and "Buy a ticket" opens the
 *   checkout over the live page (this demo event sells nothing in Foyer: it says who sells it);
 * - a ticket holder sees the stage with the video playing; on the chat section the same player
 *   docks at the bottom (not reloaded) and the side panel does not repeat the chat; the online
 *   counter comes from the chat socket and rises when a second participant joins and a comment
 *   carries the new count;
 * - on a phone and on a desktop, the docked player never covers the chat form: it can be reached,
 *   typed into and sent from.
 *
 * The server writes the online count to the event only once an hour here, so the synced number
 * stays at the seed's and any change on screen can only have come through the socket.
 */

const suite = e2eSuite({ server: { env: { USERS_ONLINE_WRITE_MS: '3600000' } } });
const { poll, until } = suite;
let server: FoyerServer;
let eventId: number;
/** Anna's browser, signed in, for the tests after the one that opens it. */
let annaBrowser: TestBrowser | undefined;

beforeAll(async () => {
  ({ server } = suite);
  eventId = (await findEventByName(server.url, DEMO_ONLINE_EVENT_NAME)).event_id;
});

function browser(): Promise<TestBrowser> {
  return suite.launch({ locale: 'en-GB' });
}

/** Every websocket and every video-link request the page makes, from now on. */
function watch(page: Page) {
  const sockets: string[] = [];
  const videoRequests: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  page.on('request', (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/api/events/webinar/')) videoRequests.push(r.url());
  });
  return { chatSockets: () => sockets.filter((u) => new URL(u).pathname === '/wss/chat'), sockets, videoRequests };
}

describe('live translation page', () => {
  it('shows a guest only the login prompt', async () => {
    const { page } = await browser();
    const seen = watch(page);
    const live = new LivePage(page, server.url);
    await live.goto(eventId);
    await live.loginPrompt.waitFor({ timeout: 60_000 });
    // The first sync done, the page has its final view of the guest; anything that would load starts
    // then, so a moment after it is enough to see that nothing did.
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, 'the first sync to finish');
    await page.waitForTimeout(500);
    expect(await live.nav.count()).toBe(0);
    expect(await live.video.count()).toBe(0);
    expect(await live.panel.count()).toBe(0);
    expect(seen.chatSockets()).toEqual([]);
    expect(seen.videoRequests).toEqual([]);
  });

  it('shows a user without a ticket the ticket dialog, opens no chat socket, and leads to buying one', async () => {
    const { page } = await browser();
    const seen = watch(page);
    const live = new LivePage(page, server.url);
    const status = new SyncStatusBar(page);
    const path = `/en/events/${eventId}/live-translation/stage`;
    await suite.signIn(page, DEMO_ACCOUNTS.olena, path);
    await live.ticketDialog.waitFor({ timeout: 60_000 });
    await poll(() => status.isIdle(), Boolean, 60_000, 'the first sync to finish');
    // The sync is done, so the page has its final view of olena's rights; still the dialog, and no socket.
    await page.waitForTimeout(500);
    expect(await live.ticketDialog.isVisible()).toBe(true);
    expect(await live.video.count()).toBe(0);
    expect(await live.panel.count()).toBe(0);
    expect(seen.chatSockets()).toEqual([]);
    expect(seen.videoRequests).toEqual([]);

    await live.buyTicket.click();
    const buy = page.getByRole('dialog', { name: 'Tickets' });
    await buy.waitFor({ timeout: 30_000 });
    await poll(
      async () => (await buy.textContent()) ?? '',
      (text) => /sold by the organiser/i.test(text),
      30_000,
      'the checkout to say who sells the tickets',
    );
    // The checkout opens over the live page, which stays where it was.
    expect(new URL(page.url()).pathname).toBe(path);
    expect(seen.chatSockets()).toEqual([]);
  });

  it('gives a ticket holder the stage, a floating video on the chat, and a counter fed by the chat socket', async () => {
    const anna = await browser();
    const page = anna.page;
    const seen = watch(page);
    const live = new LivePage(page, server.url);
    const path = `/en/events/${eventId}/live-translation/stage`;
    await suite.signIn(page, DEMO_ACCOUNTS.anna, path);

    // The stage: programme, the video in the page, the speech tab first.
    await live.nav.waitFor({ timeout: 60_000 });
    await live.schedule.waitFor({ timeout: 30_000 });
    await until(() => live.videoState(), 'ready', 60_000, 'the video link to be fetched');
    expect(await live.videoMode()).toBe('inline');
    expect(await live.frame.getAttribute('src')).toBe(`/api/events/webinar/${eventId}`);
    expect(await live.frame.getAttribute('allow')).toBe('camera; microphone; fullscreen; display-capture');
    // The frame reaches the server's stand-in for the organiser's stream, not the app's own shell.
    await page
      .frameLocator('[data-testid="live-video"] iframe')
      .getByText(/demo broadcast/i)
      .waitFor({ timeout: 30_000 });
    expect(await live.panelTabs()).toEqual(['Speech', 'Comments', 'Visitors']);
    expect(await live.selectedPanelTab()).toBe('Speech');

    // The counter: anna alone has the chat open, and the number says so through the socket.
    await poll(
      () => live.online(),
      (o) => o?.source === 'socket' && o.count === 1,
      60_000,
      "anna's socket to register",
    );
    expect(seen.chatSockets()).toHaveLength(1);
    // A single-use ticket, never the session, rides in the URL.
    const socketUrl = new URL(seen.chatSockets()[0]!);
    const session = (await anna.context.cookies()).map((c) => c.value);
    expect(socketUrl.searchParams.get('token')).toBeTruthy();
    expect(session).not.toContain(socketUrl.searchParams.get('token'));

    // To the chat: the same player floats (the element was not replaced, so the stream goes on).
    await live.frame.evaluate((el) => ((el as HTMLIFrameElement & { liveMark?: string }).liveMark = 'kept'));
    await live.open('Chat');
    await page.waitForURL(`**/live-translation/chat`);
    await until(() => live.videoMode(), 'floating', 10_000, 'the video to float');
    expect(await live.frame.evaluate((el) => (el as HTMLIFrameElement & { liveMark?: string }).liveMark)).toBe('kept');
    // The section is the chat, so the panel does not offer it again: one conversation, one form.
    expect(await live.panelTabs()).toEqual(['Speech', 'Visitors']);
    expect(await live.selectedPanelTab()).toBe('Speech');
    await live.chat.waitFor({ timeout: 30_000 });
    expect(await live.commentForms.count()).toBe(1);
    expect(await live.chat.count()).toBe(1);
    for (const name of ['Speech', 'Visitors']) {
      await live.panel.getByRole('tab', { name, exact: true }).click();
      expect(await live.commentForms.count()).toBe(1);
    }
    // Minimising keeps the player; closing stops it.
    await live.video.getByRole('button', { name: 'Minimise' }).click();
    expect(await live.frame.evaluate((el) => (el as HTMLIFrameElement & { liveMark?: string }).liveMark)).toBe('kept');
    await live.video.getByRole('button', { name: 'Restore' }).click();

    // A second participant joins: his own page counts two at once.
    const bohdan = await browser();
    const bohdanLive = new LivePage(bohdan.page, server.url);
    await suite.signIn(bohdan.page, DEMO_ACCOUNTS.bohdan, `/en/events/${eventId}/live-translation/chat`);
    await poll(
      () => bohdanLive.online(),
      (o) => o?.source === 'socket' && o.count === 2,
      60_000,
      "bohdan's socket to count both",
    );

    // Anna's count rises with the next frame of the chat, which carries the new number; the
    // comment itself reaches her chat through the sync.
    const text = `Hello from the e2e test ${Date.now()}`;
    const token = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
    const res = await fetch(`${server.url}/api/events/add-comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: eventId, comment: text }),
    });
    expect(((await res.json()) as { status_code: number }).status_code).toBe(200);
    await poll(
      () => live.online(),
      (o) => o?.source === 'socket' && o.count === 2,
      30_000,
      "anna's counter to rise to 2",
    );
    await live.chat.getByText(text).first().waitFor({ timeout: 60_000 });
    expect(seen.chatSockets()).toHaveLength(1);

    // Networking: the section is the visitors list, so the panel offers the comments and the speech.
    await live.open('Networking');
    await page.waitForURL(`**/live-translation/visitors`);
    await poll(
      () => live.panelTabs(),
      (tabs) => tabs.join() === 'Comments,Speech',
      10_000,
      'the panel of the visitors section',
    );
    expect(await live.selectedPanelTab()).toBe('Comments');

    // Back on the stage the video is part of the page again, still the same player.
    await live.open('Stage');
    await until(() => live.videoMode(), 'inline', 10_000, 'the video back in the page');
    expect(await live.frame.evaluate((el) => (el as HTMLIFrameElement & { liveMark?: string }).liveMark)).toBe('kept');
    annaBrowser = anna;
  });

  it('says so, in a toast and in the player, when the video link cannot be fetched, and tries again on request', async () => {
    const page = annaBrowser!.page;
    const live = new LivePage(page, server.url);
    // The network between the page and the video link fails; everything else still works.
    const fail = (route: Route) => route.abort('connectionreset');
    await page.context().route('**/api/events/webinar/**', fail);
    await live.goto(eventId);
    await until(() => live.videoState(), 'error', 60_000, 'the video to give up');
    expect(await live.video.textContent()).toContain('Unknown error. Please contact support');
    expect(await page.getByRole('region', { name: /live page messages/i }).textContent()).toContain('Unknown error. Please contact support');
    expect(await live.frame.count()).toBe(0);

    await page.context().unroute('**/api/events/webinar/**', fail);
    await live.video.getByRole('button', { name: /try again/i }).click();
    await until(() => live.videoState(), 'ready', 30_000, 'the video after trying again');
  });

  it('never lets the docked player cover the chat form, on a phone or on a desktop', async () => {
    const { page } = await browser();
    const live = new LivePage(page, server.url);
    await suite.signIn(page, DEMO_ACCOUNTS.anna, `/en/events/${eventId}/live-translation/chat`);
    await until(() => live.videoMode(), 'floating', 60_000, 'the video to dock');
    await until(() => live.videoState(), 'ready', 60_000, 'the video link to be fetched');
    await live.commentBox.waitFor({ timeout: 30_000 });
    // The chat's history lands with the first sync and pushes the form down: measure after it.
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, 'the first sync to finish');
    await live.frame.evaluate((el) => ((el as HTMLIFrameElement & { liveMark?: string }).liveMark = 'kept'));

    const measure = async () => ({ textarea: await live.coveredByVideo(live.commentBox), 'send button': await live.coveredByVideo(live.sendButton) });
    type Measured = Awaited<ReturnType<typeof measure>>;
    const isClear = (m: Measured) => Object.values(m).every((c) => !c.overlaps && !c.hitElsewhere);
    /** Brings the form into view as `bring` does, then checks neither part of it is under the video. */
    const clear = async (where: string, bring: () => Promise<void>) => {
      let last: Measured | undefined;
      // A comment arriving between bringing the form into view and looking moves it: bring it again then.
      await poll(
        async () => {
          await bring();
          last = await measure();
          return last;
        },
        isClear,
        15_000,
        `${where}: the form clear of the video`,
      ).catch(() => undefined);
      for (const [name, covered] of Object.entries(last!)) {
        expect(covered.overlaps, `${where}: the ${name} overlaps the video`).toBe(false);
        expect(covered.hitElsewhere, `${where}: the centre of the ${name} hits ${covered.hit}`).toBe(false);
      }
    };

    for (const size of [
      { width: 360, height: 640 },
      { width: 1280, height: 800 },
    ]) {
      const at = `${size.width}×${size.height}`;
      await page.setViewportSize(size);
      // The form brought to the bottom edge of the screen, where a player laid over the page sat.
      await clear(`${at}, form at the bottom edge`, () => live.sendButton.evaluate((el) => el.scrollIntoView({ block: 'end' })));
      // From the top, the browser brings the focused input, and the button under it, into view by itself.
      await clear(`${at}, after focusing the input`, async () => {
        await live.commentBox.evaluate((el) => (el as HTMLElement).blur());
        await page.evaluate(() => window.scrollTo(0, 0));
        await live.commentBox.focus();
      });

      // Typing and sending work with the mouse: Playwright refuses to click what something else covers.
      const text = `Past the player at ${at} ${Date.now()}`;
      await live.commentBox.click();
      await page.keyboard.type(text);
      await live.sendButton.click();
      await live.chat.getByText(text).first().waitFor({ timeout: 30_000 });
      // The comment shows from the worker's write; the form clears when the page's own enqueue
      // resolves, which can be a render later.
      await until(() => live.commentBox.inputValue(), '', 10_000, `the form cleared at ${at}`);
    }
    // All the while the same player, never reloaded.
    expect(await live.videoMode()).toBe('floating');
    expect(await live.frame.evaluate((el) => (el as HTMLIFrameElement & { liveMark?: string }).liveMark)).toBe('kept');
  });
});

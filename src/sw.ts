/// <reference lib="webworker" />
/**
 * Foyer's service worker. It keeps the app shell and the images the user has seen available offline;
 * it deliberately knows nothing about data, which lives in RxDB and is replicated by the sync worker.
 * Built by vite-plugin-pwa (injectManifest), which replaces self.__WB_MANIFEST with the shell's list.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CLAIM_MESSAGE, SKIP_WAITING_MESSAGE, imageCacheFor, isAppNavigation, notificationTarget, pushSeenInApp, readPush } from './app/pwa/sw-rules.ts';

declare let self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

const DAY_S = 24 * 3600;

// Every hashed script, style, icon and index.html of this build, so a reload with no network starts
// the whole app, including the sync worker's chunk.
precacheAndRoute(self.__WB_MANIFEST);

// Shells of earlier builds would otherwise stay in Cache Storage forever.
cleanupOutdatedCaches();

// Screens are client-side routes: any navigation to one (a reload or a deep link, online or not) gets
// the precached shell, which renders from local data. Server paths (/api, /sync, /files, /oauth, /wss,
// /healthz, /uk/oauth/logout) and file URLs go to the network as usual.
const shell = createHandlerBoundToURL('index.html');
registerRoute(({ request, url, sameOrigin }) => request.mode === 'navigate' && sameOrigin && isAppNavigation(url.pathname), shell);

// Posters change only when an event is renamed, so cache-first makes them appear at once and offline;
// a week's expiry bounds how long a renamed event keeps its old poster.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && imageCacheFor(url.pathname) === 'posters',
  new CacheFirst({
    cacheName: 'foyer-posters',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 7 * DAY_S, purgeOnQuotaError: true })],
  }),
);

// Avatars, company logos and country flags: thousands at a big event, each a few hundred bytes; the cap
// keeps the cache to the people the user actually scrolled past.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && imageCacheFor(url.pathname) === 'people',
  new CacheFirst({
    cacheName: 'foyer-people',
    plugins: [new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 7 * DAY_S, purgeOnQuotaError: true })],
  }),
);

// /api and /sync answers are never cached and never answered by this worker: no route above matches
// them (sw-rules has a test for that), so the browser fetches them as if there were no worker. The sync
// worker must see the real network, since a failed fetch is how it learns it is offline, and the live
// hint stream must not be buffered. The data itself lives in RxDB.

// A new version waits until the page asks: the update prompt sends this only when the sync is idle
// (or offline with nothing pending) and the user chose to reload, so activation never cuts a sync.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  if (type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  // An uncontrolled page of this scope asks to be taken, as it would have been had it been running
  // when this worker activated. Only the active worker is asked, so no waiting version takes over.
  if (type === CLAIM_MESSAGE) event.waitUntil(self.clients.claim());
});

// On the very first install no older worker exists, so taking the open page at once is safe, and it
// is what lets that first visit survive an offline reload. Updates only activate via skipWaiting above.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// A Web Push of a notice (server/domain/notices/push.ts): shown unless a Foyer window has the focus,
// where the app itself shows it. Chrome lets a push go unshown only while a page of ours is focused,
// which is exactly when it is skipped.
self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    return;
  }
  const push = readPush(data);
  if (!push) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (pushSeenInApp(windows)) return;
      await self.registration.showNotification(push.title, { body: push.body, tag: push.tag || undefined, data: { url: push.url }, icon: '/icon-192.png' });
    })(),
  );
});

// Reminders, "the call opens" and pushed notices carry data.url; a click brings the app forward on that
// screen, reusing an open window instead of stacking new ones.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(focusOrOpen(target));
});

async function focusOrOpen(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const exact = windows.find((client) => client.url === target);
  if (exact) {
    await exact.focus();
    return;
  }
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (ours) {
    try {
      // navigate() only works on a window this worker controls; it rejects otherwise.
      const moved = await ours.navigate(target);
      await (moved ?? ours).focus();
      return;
    } catch {
      // Fall through to a new window.
    }
  }
  await self.clients.openWindow(target);
}

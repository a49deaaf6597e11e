/**
 * The routing decisions of the service worker (src/sw.ts), kept free of any worker or DOM API so unit
 * tests can pin them down. The worker imports these; nothing else should need to.
 */

/**
 * Server paths that are never screens of the app. A navigation to one of them must reach the server
 * (logout redirects, the login broadcast, a JSON or file URL opened in a tab), never the cached shell.
 * Mirrors the exclusions of the SPA fallback in server/app.ts, plus /live, where the demo events'
 * stand-in stream page is served (the video frame is redirected there, and must not get the shell).
 */
const SERVER_PATH = /^\/(api|sync|files|oauth|wss|healthz|live)(\/|$)/;
/** The specs' per-locale logout URL, /uk/oauth/logout. */
const LOCALE_OAUTH_PATH = /^\/[a-z]{2}\/oauth(\/|$)/;
/** A last segment with a file extension is a file (sw.js, manifest.webmanifest, a hashed asset), not a route. */
const FILE_PATH = /\.[a-z0-9]{2,12}$/i;

/** True when a navigation to this same-origin path may be answered with the precached index.html. */
export function isAppNavigation(pathname: string): boolean {
  if (SERVER_PATH.test(pathname) || LOCALE_OAUTH_PATH.test(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !FILE_PATH.test(last);
}

export type ImageCache = 'posters' | 'people';

/**
 * Which runtime image cache a same-origin URL belongs to, or null when it must not be cached by the
 * worker. Posters are few and large; avatars and logos are many and tiny, so they expire separately.
 */
export function imageCacheFor(pathname: string): ImageCache | null {
  if (/^\/files\/posters\/[^/]+$/.test(pathname)) return 'posters';
  // Uploaded posters, stand logos and speakers' pictures (server/domain/organisers/pictures.ts).
  if (/^\/files\/uploads\/event-pictures\/[^/]+$/.test(pathname)) return 'posters';
  if (/^\/files\/(avatars|logos)\/[^/]+$/.test(pathname)) return 'people';
  // Country flags beside avatars and profiles: files of the build, kept out of the precache (vite.config.ts).
  if (/^\/assets\/flags\/[^/]+\.svg$/.test(pathname)) return 'people';
  return null;
}

/** The message the page posts to a waiting worker when the user accepts the update (workbox-window's format). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * Sent by a page that finds itself uncontrolled under an active worker: its navigation was under way
 * when the worker activated, and `clients.claim()` on activation takes only pages already running.
 */
export const CLAIM_MESSAGE = 'CLAIM';

/** Where the app starts when a notification names no screen. */
export const DEFAULT_NOTIFICATION_PATH = '/';

/**
 * The URL a notification click opens. Notifications carry `data: { url }`, a path of this app such as
 * /uk/appointments/12. Anything else (no data, a malformed URL, another origin) opens the app's start,
 * so a crafted notification can never send the user to a foreign site with our window.
 */
export function notificationTarget(data: unknown, origin: string): string {
  const fallback = new URL(DEFAULT_NOTIFICATION_PATH, origin).href;
  const raw = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  if (typeof raw !== 'string' || raw === '') return fallback;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return fallback;
  }
  return url.origin === origin ? url.href : fallback;
}

/** A push as the service worker shows it (contract/push.ts PushMessage), or null when it is not one of ours. */
export interface PushNotice {
  title: string;
  body: string;
  tag: string;
  url: string;
}

export function readPush(data: unknown): PushNotice | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (typeof d.title !== 'string' || d.title === '') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { title: d.title, body: text(d.body), tag: text(d.tag), url: text(d.url) };
}

/**
 * Whether a push is left unshown: the server pushes whether or not Foyer is open (docs/DESIGN.md,
 * "Web Push"), and a window of ours that is visible and focused already shows the notice in the app.
 */
export function pushSeenInApp(windows: readonly { visibilityState: string; focused: boolean }[]): boolean {
  return windows.some((w) => w.visibilityState === 'visible' && w.focused);
}

/**
 * Named durations, limits and page sizes. Units are in the names so a reader never has to guess
 * whether a number is seconds or milliseconds. Values come from the product specs (events.md §9,
 * networking.md §9) unless a comment says otherwise.
 */

// Page sizes
export const HOME_CARD_EVENTS = 16;
export const FAVORITE_EVENTS_PAGE_SIZE = 16;
export const MY_EVENTS_PAGE_SIZE = 10;
export const USER_EVENTS_PAGE_SIZE = 6;
export const EVENTS_PAGE_SIZE = 10;
export const PAGINATION_MARGIN_PAGES = 2;
export const PEOPLE_CARD_SIZE = 16;
/** People the home page's card shows on a phone, where each takes a full row. */
export const PEOPLE_CARD_PHONE_SIZE = 4;
export const VISITORS_PAGE_SIZE = 10;
export const DIALOGS_PAGE_SIZE = 10;
export const CHAT_PAGE_SIZE = 10;
/** The newest comments a chat draws when it opens: what the legacy screen asks the server for. */
export const CHAT_FIRST_DRAWN = 20;
export const COMPANIES_PAGE_SIZE = 5;
export const COMPANIES_CARD_SIZE = 7;
export const COMPANY_USERS_PER_STAND = 4;
export const TICKETS_PAGE_SIZE = 10;
export const TICKETS_ASIDE_SIZE = 2;
export const FRIENDS_ASIDE_SIZE = 8;

// Clocks and timers
export const CLOCK_TICK_MS = 1000;
export const NOTIFICATION_DURATION_MS = 50_000;
export const REMINDER_LEAD_MS = 15_000;
/** The reminder ahead of an accepted meeting: the device's clock (workers/clock.ts) and the server's push alike. */
export const MEETING_REMINDER_LEAD_MS = 10 * 60 * 1000;
export const VIDEO_RECHECK_MS = 5000;
export const VIDEO_FETCH_LEAD_MS = 3000;
export const SOCKET_RETRY_MS = 200;
export const SEARCH_DEBOUNCE_MS = 500;
/** events.md §9: a scroll to something on the page stops this far above it (under the sticky header)… */
export const SCROLL_OFFSET_PX = 96;
/** …and takes this long. */
export const SCROLL_DURATION_MS = 500;
export const TICKET_EMAIL_LOCK_MS = 60_000;
export const CHAT_AUTOSCROLL_PX = 280;
export const VIDEO_ASPECT_RATIO = 1.77;
export const DEFAULT_SLOT_MINUTES = 15;

// Sync. Not from the specs: chosen so an initial sync of a big event stays a handful of requests
// while one page still fits comfortably in a phone's memory.
export const SYNC_PULL_DEFAULT_LIMIT = 500;
export const SYNC_PULL_MAX_LIMIT = 2000;
/**
 * A pull's answer says in its headers how many documents it holds and the checkpoint it ends at,
 * so a device on a slow link asks for the next page while this one is still arriving: a first
 * sync of a big event was a chain of round trips, one per page.
 */
export const SYNC_PULL_COUNT_HEADER = 'x-sync-count';
export const SYNC_PULL_CHECKPOINT_HEADER = 'x-sync-checkpoint';
export const SYNC_COMMANDS_MAX_BATCH = 100;
/** The worker retries a failed push or pull with exponential backoff capped here. */
export const SYNC_RETRY_MAX_MS = 30_000;
export const SYNC_RETRY_BASE_MS = 1000;
/** The longest Retry-After a device takes at its word (sync/engine/status.ts retryDelay). */
export const SYNC_RETRY_AFTER_MAX_MS = 5 * 60_000;
/**
 * An outbox entry the server fails on (HTTP 500) this many times in a row, each time sent alone and
 * with the push backoff in between (1, 2, 4, 8 s from SYNC_RETRY_BASE_MS: about 15 s), is parked:
 * taken out of the queue with a visible error, so everything behind it uploads. Unit: attempts.
 */
export const OUTBOX_PARK_AFTER_ATTEMPTS = 5;
/** Keep-alive comment on the live hint stream so proxies do not close an idle connection. */
export const SYNC_STREAM_HEARTBEAT_MS = 25_000;
/**
 * Live hint streams one user may hold on one server instance. A device holds one (its leading
 * tab's worker); the cap is the websockets' (WS_MAX_SOCKETS_PER_USER), counted the same way: per
 * instance, because what it protects (file descriptors, memory) is the instance's own.
 */
export const SYNC_STREAMS_PER_USER = 20;
/**
 * Live hint streams one client address may hold on one server instance, whatever the accounts:
 * high, because a venue's Wi-Fi puts a hall of attendees behind one address (SYNC_STREAMS_PER_ADDRESS
 * in the server's environment changes it).
 */
export const SYNC_STREAMS_PER_ADDRESS = 1000;
/**
 * A guest has no live stream (it takes a session), so a guest's device pulls the public
 * collections this often while the app runs, and at once when the app comes back to the foreground
 * or the network returns; ±20 % jitter keeps guests from polling in step.
 */
export const SYNC_GUEST_POLL_MS = 60_000;
/** Coming back to the foreground pulls at once only if the last guest pull began longer ago than this. */
export const SYNC_GUEST_FOREGROUND_MIN_MS = 10_000;

// Server limits
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

// Password guessing (server/limits/login.ts). Not from the specs: chosen after OWASP's advice and
// what large sites do. An address is the client's IP as far as trusted proxies tell it (TRUST_PROXY),
// an IPv6 client counting as its /64. Only attempts that reach the password check are counted.
/** Guesses at one account from one address, reset by a successful sign-in there. */
export const LOGIN_PAIR_MAX_FAILURES = 10;
export const LOGIN_PAIR_WINDOW_MS = 60 * 60 * 1000;
/**
 * Failed sign-ins from one address to any accounts, in a short window. A venue's Wi-Fi puts
 * thousands of people behind one address: 20,000 arriving within half an hour, a third of them on
 * a device new to Foyer and one in ten mistyping, fail about 70 times in five minutes, well under
 * the ceiling. A sprayer reaches it, and holds the address for at most one window, not an hour;
 * an account's familiar addresses and devices (LOGIN_DEVICE_COOKIE) are exempt for it.
 */
export const LOGIN_ADDRESS_MAX_FAILURES = 200;
export const LOGIN_ADDRESS_WINDOW_MS = 5 * 60 * 1000;
/**
 * Failed sign-ins to one account from anywhere before it is slowed down. Past this, attempts from
 * addresses the account has not signed in from wait a delay that doubles with every further
 * failure, up to the maximum; its familiar addresses are never slowed, so an owner is not locked out.
 */
export const LOGIN_ACCOUNT_FREE_FAILURES = 20;
export const LOGIN_ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const LOGIN_ACCOUNT_DELAY_BASE_MS = 1000;
export const LOGIN_ACCOUNT_DELAY_MAX_MS = 60 * 1000;
/**
 * How long an address stays familiar to an account after a successful sign-in from it. Under
 * Node's longest timer (24.8 days), which the in-memory store expires its keys with.
 */
export const LOGIN_FAMILIAR_ADDRESS_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Expensive calls per user (per address for a guest): at most `maxCalls` within `windowMs`, counted
 * in the same store as the login limits (Redis when configured). Past it the legacy calls answer
 * `rate_limited` with `retry_after` seconds. Not from the specs: sized so a person never meets them
 * (a PDF is ~0.1 s of server time, a picture is decoded and re-encoded, a search is a full query).
 */
export const EXPENSIVE_CALL_LIMITS = {
  ticket_pdf: { maxCalls: 20, windowMs: 60 * 1000 },
  ticket_email: { maxCalls: 10, windowMs: 10 * 60 * 1000 },
  // A short window: 60 a minute on average, but never more than 20 queued at once, which on the
  // embedded database (queries on the main thread) would hold up every other request for seconds.
  visitor_search: { maxCalls: 20, windowMs: 20 * 1000 },
  image_upload: { maxCalls: 30, windowMs: 10 * 60 * 1000 },
  // Placing an order takes tickets off sale for everybody and mails; a person buys a few times, not hundreds.
  checkout: { maxCalls: 30, windowMs: 10 * 60 * 1000 },
} as const;
export type ExpensiveCall = keyof typeof EXPENSIVE_CALL_LIMITS;
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const API_MAX_LIMIT = 100;

export const LOCALES = ['uk', 'en', 'ru', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'uk';
export const FALLBACK_LOCALE: Locale = 'en';
/** Prices show in the currency of the language (events.md §1). pl has no currency of its own in the specs. */
export const CURRENCY_BY_LOCALE: Record<Locale, 'UAH' | 'USD' | 'RUB'> = {
  uk: 'UAH',
  en: 'USD',
  ru: 'RUB',
  pl: 'USD',
};

export const PARTICIPANT_ROLES = ['visitor', 'organizer', 'speaker', 'sponsor', 'volunteer'] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];

export const SESSION_COOKIE = 'foyer_session';
/**
 * A random id a browser gets with its first successful sign-in and keeps for a year (OWASP's
 * "device cookie"). A device that has signed in to an account before is familiar to it, like an
 * address, so a lockout of the venue's shared address never holds back the people whose phones
 * already know them.
 */
export const LOGIN_DEVICE_COOKIE = 'foyer_device';
export const LOGIN_DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

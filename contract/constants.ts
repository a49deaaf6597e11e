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
export const VISITORS_PAGE_SIZE = 10;
export const DIALOGS_PAGE_SIZE = 10;
export const CHAT_PAGE_SIZE = 10;
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
export const VIDEO_RECHECK_MS = 5000;
export const VIDEO_FETCH_LEAD_MS = 3000;
export const SOCKET_RETRY_MS = 200;
export const SEARCH_DEBOUNCE_MS = 500;
export const TICKET_EMAIL_LOCK_MS = 60_000;
export const CHAT_AUTOSCROLL_PX = 280;
export const VIDEO_ASPECT_RATIO = 1.77;
export const DEFAULT_SLOT_MINUTES = 15;

// Sync. Not from the specs: chosen so an initial sync of a big event stays a handful of requests
// while one page still fits comfortably in a phone's memory.
export const SYNC_PULL_DEFAULT_LIMIT = 500;
export const SYNC_PULL_MAX_LIMIT = 2000;
export const SYNC_COMMANDS_MAX_BATCH = 100;
/** The worker retries a failed push or pull with exponential backoff capped here. */
export const SYNC_RETRY_MAX_MS = 30_000;
export const SYNC_RETRY_BASE_MS = 1000;
/** Keep-alive comment on the live hint stream so proxies do not close an idle connection. */
export const SYNC_STREAM_HEARTBEAT_MS = 25_000;

// Server limits
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
export const LOGIN_RATE_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins allowed per email and per IP within the window before answers become 429. */
export const LOGIN_RATE_MAX_FAILURES = 10;
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

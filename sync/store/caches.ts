import { API_MAX_LIMIT, LOCALES, type Locale } from '../../contract/constants.ts';
import { PEOPLE_TABS, SOCIAL_NETWORKS, type PeopleTab, type SocialLinks } from '../../contract/visitors.ts';
import type { FoyerDatabase } from '../engine/database.ts';
import { HttpError, requestJson, retryAfterOf, type HttpOptions } from '../engine/http.ts';
import { NOTIFY_EMAIL_KINDS, type NotifyEmailKind } from '../../contract/accounts.ts';
import type { BookedMeetingItem } from '../../contract/admin-meetings.ts';
import type { AdminOverview, AdminPeople } from '../../contract/admin-people.ts';
import type { ReferralsAnswer } from '../../contract/referrals.ts';
import { modifyLocal, observeLocal, readLocal } from './local.ts';
import type { Observable } from 'rxjs';

/**
 * Read-through caches of legacy calls that have no change feed (yet), kept in local documents so
 * the screens show the last answer offline and say how old it is. Only the sync engine fetches
 * them (the page asks it to through the worker); the screens only read.
 *
 * - own_profile: GET /api/profile/lite, the signed-in user's profile with the fields only they see
 *   (email, birth year, the four privacy switches). The visitors documents carry the user's own
 *   phone and email too, but neither the switches nor anything for a user who takes part in no
 *   event, so the profile screens read this one and fall back to the own visitors document.
 * - friends: GET /api/user/get-friends, every page: the ids feed the visitors page's friends tab,
 *   the first FRIENDS_ASIDE_SIZE the profile aside.
 * - status_types:<locale>: GET /profile/getStatusTypes?lang=, the show_status labels.
 * - people:<tab>: GET /api/visitors/get-main-page-users, the people card of a device that holds
 *   no visitors of upcoming events (a guest, or a user who takes part in nothing upcoming).
 * - admin_meetings:<eventId>: GET /api/admin/events/:id/meetings, the booked meetings of an event
 *   the user organises, so its meeting settings form says which a change would leave outside.
 * - admin_people:<eventId>, admin_overview:<eventId>: GET /api/admin/events/:id/people and
 *   /overview, the People and Overview screens of an event the user organises (made from rows no
 *   device holds: everybody's tickets, door scans, meetings and comments).
 * - calendar_feed: GET /api/calendar/feed, whether the user's calendar feed address is active and
 *   which one (its key); the address itself stays on the device that made it (sync/views/calendar).
 * - referrals: GET /api/referrals, the user's referral code and who came through their links
 *   (sync/views/referrals).
 */

export type CacheKey =
  | 'own_profile'
  | 'friends'
  | 'calendar_feed'
  | 'referrals'
  | `status_types:${Locale}`
  | `people:${PeopleTab}`
  | `admin_meetings:${number}`
  | `admin_people:${number}`
  | `admin_overview:${number}`;

export interface CacheEntry<T> {
  /** Epoch milliseconds of the answer. */
  fetchedAt: number;
  data: T;
}

export const LOCAL_CACHE_PREFIX = 'cache:';
export const localCacheId = (key: CacheKey) => `${LOCAL_CACHE_PREFIX}${key}`;

/** How many friends a device keeps at most; the spec shows 8, the friends tab filters by all of them. */
export const FRIENDS_KEEP = 2000;

export interface OwnProfile {
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string;
  country_code: string;
  country_name: string;
  city_id: number;
  city_name: string;
  phone: string;
  email: string;
  position: string;
  company: string;
  /** "I'm looking for". */
  help: string;
  /** "About me". */
  status: string;
  show_status: number;
  trip_status: number;
  hobby: string;
  sex: number;
  birth_year: number;
  social: SocialLinks;
  show_email: boolean;
  hide_phone: boolean;
  hide_trip_plan: boolean;
  hide_from_visitors: boolean;
  /** Gender and age shown to others. */
  show_personal: boolean;
  /** The interface language chosen in settings; '' leaves it to the device. */
  locale: string;
  /** Which notices also come by email (contract/accounts.ts); a kind left out is on. */
  notify_email: Partial<Record<NotifyEmailKind, boolean>>;
  /** False until the sign-up address is verified; true for a server that does not say. */
  email_verified: boolean;
}

/** A person as the legacy lists describe them, trimmed to what the screens show. */
export interface PersonSummary {
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string;
  country_code: string;
  city_name: string;
  position: string;
  company: string;
  help: string;
  status: string;
  trip_status: number;
  /** The event the person is going to (people card), when the answer names one. */
  event: { id: number; name: string } | null;
  /** The trip plan of that event; null when hidden, empty strings when undecided. */
  trip: { hotel: string; transportBefore: string; transportAfter: string } | null;
}

export interface FriendsCache {
  count: number;
  ids: number[];
  first: PersonSummary[];
}
export interface PeopleCache {
  count: number;
  items: PersonSummary[];
}
export interface StatusType {
  value: number;
  label: string;
}

export type CacheData<K extends CacheKey> = K extends 'own_profile'
  ? OwnProfile
  : K extends 'friends'
    ? FriendsCache
    : K extends `status_types:${string}`
      ? StatusType[]
      : K extends `admin_meetings:${string}`
        ? { items: BookedMeetingItem[] }
        : K extends `admin_people:${string}`
          ? AdminPeople
          : K extends `admin_overview:${string}`
            ? AdminOverview
            : K extends 'calendar_feed'
              ? CalendarFeedCache
              : K extends 'referrals'
                ? ReferralsCache
                : PeopleCache;

/** GET /api/referrals (server/domain/referrals/service.ts referralsOf). */
export type ReferralsCache = ReferralsAnswer;

/** GET /api/calendar/feed (server/routes/api/calendar.ts). */
export interface CalendarFeedCache {
  active: boolean;
  key: string;
  created_at: number;
  polled_at: number;
}

export function isCacheKey(key: string): key is CacheKey {
  if (key === 'own_profile' || key === 'friends' || key === 'calendar_feed' || key === 'referrals') return true;
  const [kind, arg] = key.split(':');
  if (kind === 'status_types') return (LOCALES as readonly string[]).includes(arg ?? '');
  if (kind === 'admin_meetings' || kind === 'admin_people' || kind === 'admin_overview') return /^[1-9]\d{0,9}$/.test(arg ?? '');
  if (kind === 'people') return Object.hasOwn(PEOPLE_TABS, arg ?? '');
  return false;
}

/** Whether the call needs a session; a guest device never asks for these. */
export function cacheNeedsUser(key: CacheKey): boolean {
  return !key.startsWith('status_types:') && !key.startsWith('people:');
}

// ---- reading the legacy answers ----

/** The legacy envelope said something other than 200; `code` is the stable error code. */
export class LegacyError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    /** Seconds to wait, when the server said (a "too many requests" answer). */
    readonly retryAfter?: number,
  ) {
    super(`legacy ${statusCode} ${code}`);
    this.name = 'LegacyError';
  }
}

export async function legacyGet(http: HttpOptions, path: string, signal?: AbortSignal): Promise<unknown> {
  const body = (await requestJson(http, path, { signal })) as { status_code?: unknown; data?: unknown; error?: unknown } | null;
  if (!body || typeof body !== 'object') throw new HttpError(502, 'invalid_answer');
  if (body.status_code !== 200) {
    throw new LegacyError(
      typeof body.status_code === 'number' ? body.status_code : 500,
      typeof body.error === 'string' ? body.error : 'unknown_error',
      retryAfterOf(body.data),
    );
  }
  return body.data;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
const bool = (v: unknown): boolean => v === true;

export function toSocial(v: unknown): SocialLinks {
  const o = obj(v);
  const out: SocialLinks = {};
  for (const key of SOCIAL_NETWORKS) if (typeof o[key] === 'string' && o[key]) out[key] = o[key] as string;
  return out;
}

export function toOwnProfile(data: unknown): OwnProfile {
  const d = obj(data);
  return {
    user_id: int(d.user_id ?? d.id),
    first_name: str(d.first_name),
    last_name: str(d.last_name),
    avatar: str(d.avatar ?? d.avatar_url),
    country_code: str(d.country_code),
    country_name: str(d.country_name),
    city_id: int(d.city_id),
    city_name: str(d.city_name ?? d.city),
    phone: str(d.phone),
    email: str(d.email),
    position: str(d.position),
    company: str(d.company),
    help: str(d.help),
    status: str(d.status),
    show_status: int(d.show_status),
    trip_status: int(d.trip_status),
    hobby: str(d.hobby),
    sex: int(d.sex),
    birth_year: int(d.birth_year),
    social: toSocial(d.social),
    show_email: bool(d.show_email),
    hide_phone: bool(d.hide_phone),
    hide_trip_plan: bool(d.hide_trip_plan),
    hide_from_visitors: bool(d.hide_from_visitors),
    show_personal: bool(d.show_personal),
    locale: str(d.locale),
    notify_email: toNotify(d.notify_email),
    email_verified: d.email_verified !== false,
  };
}

function toNotify(v: unknown): Partial<Record<NotifyEmailKind, boolean>> {
  const o = obj(v);
  const out: Partial<Record<NotifyEmailKind, boolean>> = {};
  for (const kind of NOTIFY_EMAIL_KINDS) if (typeof o[kind] === 'boolean') out[kind] = o[kind] as boolean;
  return out;
}

export function toPersonSummary(v: unknown): PersonSummary {
  const d = obj(v);
  const checkin = obj(d.event_checkin);
  const trip = d.trip && typeof d.trip === 'object' ? obj(d.trip) : null;
  const eventId = int(checkin.event_id);
  return {
    user_id: int(d.user_id ?? d.id),
    first_name: str(d.first_name),
    last_name: str(d.last_name),
    avatar: str(d.avatar ?? d.avatar_url),
    country_code: str(d.country_code),
    city_name: str(d.city_name ?? d.city),
    position: str(d.position),
    company: str(d.company),
    help: str(d.help),
    status: str(d.status),
    trip_status: int(d.trip_status),
    event: eventId ? { id: eventId, name: str(checkin.event_name) } : null,
    trip: trip ? { hotel: str(trip.hotel), transportBefore: str(trip.transportBefore), transportAfter: str(trip.transportAfter) } : null,
  };
}

/** Pages through a {results, count} list call until it has everything or `keep` items. */
async function allPages(http: HttpOptions, path: string, params: Record<string, string>, keep: number, signal: AbortSignal) {
  const items: unknown[] = [];
  let count = 0;
  for (let offset = 0; offset < keep; offset += API_MAX_LIMIT) {
    const q = new URLSearchParams({ ...params, limit: String(API_MAX_LIMIT), offset: String(offset) });
    const data = obj(await legacyGet(http, `${path}?${q}`, signal));
    const page = Array.isArray(data.results) ? data.results : [];
    count = int(data.count);
    items.push(...page);
    if (page.length < API_MAX_LIMIT || items.length >= count) break;
  }
  return { items: items.slice(0, keep), count };
}

/** One fresh answer for a cache key, shaped for its local document. */
export async function fetchCache<K extends CacheKey>(http: HttpOptions, key: K, signal: AbortSignal): Promise<CacheData<K>> {
  const [kind, arg = ''] = key.split(':');
  switch (kind) {
    case 'own_profile':
      return toOwnProfile(await legacyGet(http, '/api/profile/lite', signal)) as CacheData<K>;
    case 'friends': {
      const { items, count } = await allPages(http, '/api/user/get-friends', {}, FRIENDS_KEEP, signal);
      const people = items.map(toPersonSummary);
      return { count, ids: people.map((p) => p.user_id), first: people.slice(0, 8) } as CacheData<K>;
    }
    case 'referrals': {
      const d = obj(await legacyGet(http, '/api/referrals', signal));
      const events = (Array.isArray(d.events) ? d.events : []).map((raw) => {
        const e = obj(raw);
        const people = (Array.isArray(e.people) ? e.people : []).map((rp) => {
          const p = obj(rp);
          return {
            user_id: int(p.user_id),
            first_name: str(p.first_name),
            last_name: str(p.last_name),
            avatar: str(p.avatar),
            via: p.via === 'signup' ? ('signup' as const) : ('link' as const),
            at: int(p.at),
            has_ticket: bool(p.has_ticket),
            ticket_at: int(p.ticket_at),
          };
        });
        return { event_id: int(e.event_id), name: str(e.name), signed_up: int(e.signed_up), tickets: int(e.tickets), people };
      });
      return { code: str(d.code), events } as CacheData<K>;
    }
    case 'calendar_feed': {
      const d = obj(await legacyGet(http, '/api/calendar/feed', signal));
      return { active: bool(d.active), key: str(d.key), created_at: int(d.created_at), polled_at: int(d.polled_at) } as CacheData<K>;
    }
    case 'status_types': {
      const map = obj(await legacyGet(http, `/profile/getStatusTypes?lang=${encodeURIComponent(arg)}`, signal));
      const types = Object.entries(map)
        .map(([value, label]) => ({ value: Number(value), label: str(label) }))
        .filter((t) => Number.isInteger(t.value) && t.label)
        .sort((a, b) => a.value - b.value);
      return types as CacheData<K>;
    }
    case 'admin_people':
      return (await legacyGet(http, `/api/admin/events/${arg}/people`, signal)) as CacheData<K>;
    case 'admin_overview':
      return (await legacyGet(http, `/api/admin/events/${arg}/overview`, signal)) as CacheData<K>;
    case 'admin_meetings': {
      const data = obj(await legacyGet(http, `/api/admin/events/${arg}/meetings`, signal));
      return { items: (Array.isArray(data.items) ? data.items : []) as BookedMeetingItem[] } as CacheData<K>;
    }
    default: {
      const q = new URLSearchParams({ tab: arg, limit: String(API_MAX_LIMIT), offset: '0' });
      const data = obj(await legacyGet(http, `/api/visitors/get-main-page-users?${q}`, signal));
      const results = Array.isArray(data.results) ? data.results : [];
      return { count: int(data.count), items: results.map(toPersonSummary) } as CacheData<K>;
    }
  }
}

export function readCache<K extends CacheKey>(db: FoyerDatabase, key: K): Promise<CacheEntry<CacheData<K>> | null> {
  return readLocal<CacheEntry<CacheData<K>>>(db, localCacheId(key));
}

export function observeCache<K extends CacheKey>(db: FoyerDatabase, key: K): Observable<CacheEntry<CacheData<K>> | null> {
  return observeLocal<CacheEntry<CacheData<K>>>(db, localCacheId(key));
}

export async function writeCache<K extends CacheKey>(db: FoyerDatabase, key: K, data: CacheData<K>, fetchedAt = Date.now()): Promise<void> {
  await modifyLocal<CacheEntry<CacheData<K>>>(db, localCacheId(key), { fetchedAt, data }, () => ({ fetchedAt, data }));
}

import { combineLatest, map, type Observable } from 'rxjs';
import { CALENDAR_KEY_HEX, calendarFeedPath } from '../../../contract/calendar.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { observeCache, type CacheEntry } from '../../store/caches.ts';
import { observeLocal, writeLocal } from '../../store/local.ts';
import { isInFlight } from '../../store/overlay.ts';

/**
 * The personal calendar feed's address (issue 16). The device makes the secret (32 random bytes),
 * keeps it in a local document and sends it with `calendar.feed`, so the address can be made, shown
 * and copied offline; the server keeps only its hash and says which address is active (GET
 * /api/calendar/feed, a read-through cache). Another device of the user therefore sees that an
 * address is active but not the address: it may make a new one, which replaces it, or revoke it.
 */

export const LOCAL_CALENDAR_FEED = 'calendar:feed';

/** GET /api/calendar/feed (server/routes/api/calendar.ts): whether an address is active, and which. */
export interface CalendarFeedCache {
  active: boolean;
  key: string;
  created_at: number;
  polled_at: number;
}

/** This device's address. */
export interface OwnFeed {
  token: string;
  key: string;
}

export type FeedState =
  /** No address: make one. */
  | { kind: 'none'; pending: boolean }
  /** This device's address; `pending` until the server has it, `polledAt` when an app last fetched it. */
  | { kind: 'mine'; token: string; pending: boolean; polledAt: number }
  /** An address made on another device is active. */
  | { kind: 'elsewhere'; createdAt: number; polledAt: number };

export interface FeedSources {
  own: OwnFeed | null;
  status: CacheEntry<CalendarFeedCache> | null;
  commands: readonly Pick<OutboxDoc, 'payload' | 'status' | 'seq' | 'id'>[];
}

export function feedState(src: FeedSources): FeedState {
  const queued = src.commands.filter((c) => isInFlight(c as OutboxDoc)).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  const last = queued.at(-1);
  const waiting = queued.some((c) => c.status !== 'applied');
  if (last) {
    const token = (last.payload as { token?: unknown }).token;
    if (typeof token !== 'string') return { kind: 'none', pending: waiting };
    if (src.own?.token === token) return { kind: 'mine', token, pending: waiting, polledAt: 0 };
  }
  const status = src.status?.data;
  if (!status) return src.own ? { kind: 'mine', token: src.own.token, pending: false, polledAt: 0 } : { kind: 'none', pending: false };
  if (!status.active) return { kind: 'none', pending: false };
  if (src.own && src.own.key === status.key) return { kind: 'mine', token: src.own.token, pending: false, polledAt: status.polled_at };
  return { kind: 'elsewhere', createdAt: status.created_at, polledAt: status.polled_at };
}

export function observeFeedSources(db: FoyerDatabase): Observable<FeedSources> {
  // A revoked address leaves an emptied document behind.
  const own$ = observeLocal<OwnFeed>(db, LOCAL_CALENDAR_FEED).pipe(map((own) => (own?.token ? own : null)));
  const status$ = observeCache<CalendarFeedCache>(db, 'calendar_feed');
  const commands$ = db.outbox.find({ selector: { kind: 'calendar.feed' } }).$.pipe(map((l) => l.map((d) => d.toJSON() as OutboxDoc)));
  return combineLatest([own$, status$, commands$]).pipe(map(([own, status, commands]) => ({ own, status, commands })));
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A new secret and its key, as the server will compute it (calendar/service.ts feedKey). */
export async function newFeedToken(): Promise<OwnFeed> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  const key = [...hash]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, CALENDAR_KEY_HEX);
  return { token, key };
}

export function writeOwnFeed(db: FoyerDatabase, own: OwnFeed | null): Promise<void> {
  return writeLocal(db, LOCAL_CALENDAR_FEED, own ?? { token: '', key: '' });
}

/** The address calendar apps poll, and the webcal: one that opens a calendar app to subscribe. */
export function feedUrls(origin: string, token: string): { https: string; webcal: string; google: string } {
  const https = `${origin}${calendarFeedPath(token)}`;
  const webcal = https.replace(/^https?:/, 'webcal:');
  return { https, webcal, google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}` };
}

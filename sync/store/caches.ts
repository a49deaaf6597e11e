import { API_MAX_LIMIT } from '../../contract/constants.ts';
import type { CommandKind } from '../../contract/commands.ts';
import type { FoyerDatabase } from '../engine/database.ts';
import { HttpError, requestJson, retryAfterOf, type HttpOptions } from '../engine/http.ts';
import { modifyLocal, observeLocal, readLocal } from './local.ts';
import type { Observable } from 'rxjs';

/**
 * Read-through caches of legacy calls that have no change feed (yet), kept in local documents so
 * the screens show the last answer offline and say how old it is. Only the sync engine fetches
 * them (the page asks it to through the worker); the screens only read.
 *
 * Each area declares its own beside its views (`*_CACHES` in sync/views/<area>/on-device.ts, with
 * what the call is and why the device keeps it); workers/caches.ts merges them into the one list
 * the engine is given. What is here is the part every cache shares: the keys, the local documents,
 * and reading the legacy envelope.
 */

export interface CacheEntry<T> {
  /** Epoch milliseconds of the answer. */
  fetchedAt: number;
  data: T;
}

/**
 * One kind of cache. A key is the kind's name (`own_profile`), or the name and an argument after a
 * colon (`people:visitors`, `admin_people:42`) for a kind that takes one; `takes` says which
 * arguments are valid, and its type guard gives the keys their type (workers/caches.ts).
 */
export interface CacheSource<D, A extends string = never> {
  /** Whether the call needs a session; a guest device never asks for it. */
  needsUser: boolean;
  takes?: (arg: string) => arg is A;
  fetch(http: HttpOptions, arg: A, signal: AbortSignal): Promise<D>;
  /**
   * Commands of the user's that change this answer once the server applied them: each is folded
   * into the kept answer at once, before its outbox entry is settled and removed, so the screen
   * never shows the old value in between; the fetch that follows brings the server's exact values.
   */
  folds?: { kind: CommandKind; fold(data: D, payload: unknown): D };
}

/** Keeps the argument type of a declaration (a bare object literal would widen it to string). */
export function cacheSource<D, A extends string = never>(source: CacheSource<D, A>): CacheSource<D, A> {
  return source;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds sources of every data and argument type.
export type CacheSources = Readonly<Record<string, CacheSource<any, any>>>;

type ArgOf<S> = S extends CacheSource<unknown, infer A> ? A : never;
type DataOf<S> = S extends CacheSource<infer D, string> ? D : never;

/** Every key of a registry: `kind` for a kind without an argument, `kind:arg` for one with. */
export type CacheKeyOf<R extends CacheSources> = {
  [K in keyof R & string]: [ArgOf<R[K]>] extends [never] ? K : `${K}:${ArgOf<R[K]>}`;
}[keyof R & string];

/** The data kept under a key of a registry. */
export type CacheDataOf<R extends CacheSources, K extends string> = K extends `${infer Kind}:${string}`
  ? Kind extends keyof R
    ? DataOf<R[Kind]>
    : never
  : K extends keyof R
    ? DataOf<R[K]>
    : never;

/** The source and argument of a key the page asked for, or null for a key no area declares. */
export function sourceOf(sources: CacheSources, key: string): { source: CacheSources[string]; arg: string } | null {
  const colon = key.indexOf(':');
  const kind = colon < 0 ? key : key.slice(0, colon);
  const source = Object.hasOwn(sources, kind) ? sources[kind] : undefined;
  if (!source) return null;
  if (colon < 0) return source.takes ? null : { source, arg: '' };
  const arg = key.slice(colon + 1);
  return source.takes?.(arg) ? { source, arg } : null;
}

export const LOCAL_CACHE_PREFIX = 'cache:';
export const localCacheId = (key: string) => `${LOCAL_CACHE_PREFIX}${key}`;

export function readCache<T>(db: FoyerDatabase, key: string): Promise<CacheEntry<T> | null> {
  return readLocal<CacheEntry<T>>(db, localCacheId(key));
}

export function observeCache<T>(db: FoyerDatabase, key: string): Observable<CacheEntry<T> | null> {
  return observeLocal<CacheEntry<T>>(db, localCacheId(key));
}

export async function writeCache<T>(db: FoyerDatabase, key: string, data: T, fetchedAt = Date.now()): Promise<void> {
  await modifyLocal<CacheEntry<T>>(db, localCacheId(key), { fetchedAt, data }, () => ({ fetchedAt, data }));
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

/** Readers of a legacy answer's loose JSON: a missing or mistyped field reads as empty, never throws. */
export type Loose = Record<string, unknown>;
export const looseObject = (v: unknown): Loose => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : {});
export const looseString = (v: unknown): string => (typeof v === 'string' ? v : '');
export const looseInt = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
export const looseList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Pages through a {results, count} list call until it has everything or `keep` items. */
export async function allPages(http: HttpOptions, path: string, params: Record<string, string>, keep: number, signal: AbortSignal) {
  const items: unknown[] = [];
  let count = 0;
  for (let offset = 0; offset < keep; offset += API_MAX_LIMIT) {
    const q = new URLSearchParams({ ...params, limit: String(API_MAX_LIMIT), offset: String(offset) });
    const data = looseObject(await legacyGet(http, `${path}?${q}`, signal));
    const page = looseList(data.results);
    count = looseInt(data.count);
    items.push(...page);
    if (page.length < API_MAX_LIMIT || items.length >= count) break;
  }
  return { items: items.slice(0, keep), count };
}

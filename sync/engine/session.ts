import type { Observable } from 'rxjs';
import { isErrorCode, type ErrorCode } from '../../contract/errors.ts';
import type { FoyerDatabase } from './database.ts';
import { LOCAL_SESSION, observeLocal, readLocal, writeLocal } from '../store/local.ts';
import { HttpError, NetworkError, requestJson, retryAfterOf, type HttpOptions } from './http.ts';

/** The same shape as src/data/api.ts SessionUser; sync/ may not import src/. */
export interface SessionUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  /** False until the person opened the link mailed at sign-up; absent from servers before it existed. */
  email_verified?: boolean;
}

/**
 * The session as this device knows it, kept in a local document so an offline reload still knows
 * the user. The page writes it; the worker reads it to decide what to replicate and whether it may
 * drain the outbox.
 */
export interface SessionDoc {
  user: SessionUser | null;
  /**
   * Whose data the local database holds. It outlives a session that ended by a 401, so the same
   * user logging in again keeps the queued offline work, while another user gets a wiped database.
   */
  ownerId: number | null;
  /** Set when the server said the session is no longer valid (HTTP 401). */
  ended: 'expired' | null;
}

export const GUEST_SESSION: SessionDoc = { user: null, ownerId: null, ended: null };

export async function readSession(db: FoyerDatabase): Promise<SessionDoc> {
  return (await readLocal<SessionDoc>(db, LOCAL_SESSION)) ?? GUEST_SESSION;
}

export function observeSessionDoc(db: FoyerDatabase): Observable<SessionDoc | null> {
  return observeLocal<SessionDoc>(db, LOCAL_SESSION);
}

export function writeSession(db: FoyerDatabase, user: SessionUser): Promise<void> {
  return writeLocal<SessionDoc>(db, LOCAL_SESSION, { user, ownerId: user.id, ended: null });
}

/** A 401 from the server: the user is gone from this device, the data and outbox stay for them. */
export async function endSession(db: FoyerDatabase): Promise<void> {
  const current = await readSession(db);
  if (!current.user && current.ended) return;
  await writeLocal<SessionDoc>(db, LOCAL_SESSION, { user: null, ownerId: current.ownerId, ended: 'expired' });
}

interface Envelope<T> {
  status_code: number;
  data: T | null;
  error?: string;
}

export type LoginResult = { ok: true; user: SessionUser; token: string } | { ok: false; code: ErrorCode | 'network_error'; retryAfter?: number };

/**
 * POST /api/auth/login, then GET /api/auth/me for the profile. The PWA keeps the HttpOnly cookie
 * the login sets; the token is used once here for /me so the same code works where fetch keeps no
 * cookies (node), and is not stored by the page.
 */
export async function loginRequest(http: HttpOptions, email: string, password: string): Promise<LoginResult> {
  try {
    const login = (await requestJson(http, '/api/auth/login', { method: 'POST', body: { email, password } })) as Envelope<{ token: string; user_id: number }>;
    if (login.status_code !== 200 || !login.data) {
      const code = isErrorCode(login.error) ? login.error : 'unknown_error';
      const retryAfter = retryAfterOf(login.data);
      return retryAfter === undefined ? { ok: false, code } : { ok: false, code, retryAfter };
    }
    const user = await meRequest(http, login.data.token);
    if (!user) return { ok: false, code: 'unknown_error' };
    return { ok: true, user, token: login.data.token };
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, code: 'network_error' };
    if (err instanceof HttpError) return { ok: false, code: isErrorCode(err.code) ? err.code : 'unknown_error' };
    throw err;
  }
}

/**
 * The current user, or null when the server says there is no valid session (401). Network
 * failures throw, so an offline start keeps the stored session instead of ending it.
 */
export async function meRequest(http: HttpOptions, token?: string): Promise<SessionUser | null> {
  try {
    const me = (await requestJson(http, '/api/auth/me', { headers: token ? { authorization: `Bearer ${token}` } : {} })) as Envelope<{
      user_id: number;
      email: string;
      first_name: string;
      last_name: string;
      email_verified?: boolean;
    }>;
    if (me.status_code !== 200 || !me.data) return null;
    const user: SessionUser = { id: me.data.user_id, email: me.data.email, first_name: me.data.first_name, last_name: me.data.last_name };
    if (typeof me.data.email_verified === 'boolean') user.email_verified = me.data.email_verified;
    return user;
  } catch (err) {
    if (err instanceof HttpError && err.status === 401) return null;
    throw err;
  }
}

/** Best effort: an unreachable server must not keep the user from logging out of this device. */
export async function logoutRequest(http: HttpOptions): Promise<boolean> {
  try {
    await requestJson(http, '/api/auth/logout', { method: 'POST', body: {} });
    return true;
  } catch {
    return false;
  }
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AccountSession } from '../../contract/accounts.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { useRuntime } from './hooks.ts';
import { callOnline, uploadOnline, type OnlineResult } from './online.ts';
import type { DataRuntime } from './runtime.ts';
import { referralForSignUp, referralHandedOver } from './referrals.ts';

/**
 * The account calls (server/routes/auth/accounts.ts). Unlike the rest of the data layer they need
 * the network and are never queued: a sign-up, a password or a link from an email means nothing
 * offline. Each answers what the form shows: ok, or the code with the field it concerns.
 */

export type AccountFailure = { ok: false; code: ErrorCode | 'network_error'; field?: string; retryAfter?: number };
export type AccountResult<T = unknown> = { ok: true; data: T } | AccountFailure;

/** An account call, its refusal naming the field it concerns when the server names one. */
export async function call<T>(runtime: DataRuntime, path: string, body?: unknown): Promise<AccountResult<T>> {
  return accountAnswer(await callOnline<T>(runtime, path, body));
}

/** The server names the field a refusal concerns in `message` (a field name, never prose). */
function accountAnswer<T>(r: OnlineResult<T>): AccountResult<T> {
  if (r.ok) return r;
  const out: AccountFailure = { ok: false, code: r.code };
  if (typeof r.detail === 'string' && /^[a-z_]+$/.test(r.detail)) out.field = r.detail;
  if (r.retryAfter !== undefined) out.retryAfter = r.retryAfter;
  return out;
}

export interface SignUpInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  /** The token of an organiser's invitation link, when the person came by one. */
  invite?: string;
}

export interface Places {
  countries: { code: string; name: string }[];
  cities: { id: number; name: string }[];
}

export interface AccountActions {
  /**
   * Signs up, then signs in with the same password. `existing` when the sign-in failed: the address
   * already had an account (its owner was mailed), which the server does not say outright.
   */
  signUp(input: SignUpInput, lang: string): Promise<AccountResult<{ existing: boolean }>>;
  verifyEmail(token: string): Promise<AccountResult>;
  resendVerification(lang: string): Promise<AccountResult<{ result: boolean }>>;
  forgotPassword(email: string, lang: string): Promise<AccountResult>;
  /** Sets the new password and signs this device in; every other session has ended. */
  resetPassword(token: string, password: string): Promise<AccountResult>;
  changePassword(current: string, password: string): Promise<AccountResult>;
  changeEmail(password: string, email: string, lang: string): Promise<AccountResult>;
  /** The undo link sent to the old address: the address back, every session ended, a reset token for the new password. */
  undoEmailChange(token: string): Promise<AccountResult<{ user_id: number; email: string; reset_token: string }>>;
  /** A new avatar (needs the network): stored square on the server, then the profile is read again. */
  uploadAvatar(file: Blob): Promise<AccountResult<{ avatar: string }>>;
  removeAvatar(): Promise<AccountResult<{ avatar: string }>>;
  /** The countries, and the cities of one, to choose from in settings (asked of the server). */
  places(country: string): Promise<AccountResult<Places>>;
  /** Everything the server keeps of the person, as JSON, for the download before deletion. */
  exportData(): Promise<AccountResult<unknown>>;
  /** Removes the account (the password again), then wipes this device as a logout does. */
  deleteAccount(password: string): Promise<AccountResult>;
}

export function useAccountActions(): AccountActions {
  const runtime = useRuntime();
  return useMemo(() => accountActions(runtime), [runtime]);
}

export function accountActions(runtime: DataRuntime): AccountActions {
  return {
    async signUp(input, lang) {
      // A referral link opened on this device goes along, so the person who shared it is thanked.
      const made = await call(runtime, '/api/auth/register', { ...input, lang, ...referralForSignUp() });
      if (!made.ok) return made;
      referralHandedOver();
      const login = await runtime.login(input.email.trim(), input.password);
      if (login.ok) return { ok: true, data: { existing: false } };
      if (login.code === 'invalid_credentials') return { ok: true, data: { existing: true } };
      return login;
    },
    async verifyEmail(token) {
      const done = await call(runtime, '/api/auth/verify-email', { token });
      if (done.ok) await runtime.refreshUser().catch(() => undefined);
      return done;
    },
    resendVerification: (lang) => call(runtime, '/api/auth/resend-verification', { lang }),
    forgotPassword: (email, lang) => call(runtime, '/api/auth/forgot-password', { email, lang }),
    async resetPassword(token, password) {
      const done = await call<{ token: string; user_id: number }>(runtime, '/api/auth/reset-password', { token, password });
      if (!done.ok) return done;
      await runtime.adoptSession(done.data.token);
      return done;
    },
    changePassword: (current, password) => call(runtime, '/api/account/password', { current_password: current, password }),
    changeEmail: (password, email, lang) => call(runtime, '/api/account/email', { password, email, lang }),
    undoEmailChange: (token) => call(runtime, '/api/auth/undo-email', { token }),
    async uploadAvatar(file) {
      const body = new FormData();
      body.append('image', file);
      const done = accountAnswer(await uploadOnline<{ avatar: string }>(runtime, '/api/account/avatar', body));
      if (done.ok) runtime.refresh(['own_profile']);
      return done;
    },
    async removeAvatar() {
      const done = await call<{ avatar: string }>(runtime, '/api/account/avatar/remove', {});
      if (done.ok) runtime.refresh(['own_profile']);
      return done;
    },
    places: (country) => call(runtime, `/api/account/places?country=${encodeURIComponent(country)}`),
    exportData: () => call(runtime, '/api/account/export'),
    async deleteAccount(password) {
      const done = await call(runtime, '/api/account/delete', { password });
      if (done.ok) await runtime.logout();
      return done;
    },
  };
}

export interface AccountSessions {
  items: AccountSession[];
  loading: boolean;
  error: AccountFailure['code'] | null;
  reload(): void;
  /** One device by id, or every device but this one. */
  end(which: { id: number } | 'others'): Promise<AccountResult>;
}

/** The signed-in devices, asked of the server while the settings page is open (not kept on the device). */
export function useAccountSessions(): AccountSessions {
  const runtime = useRuntime();
  const [state, setState] = useState<{ items: AccountSession[]; loading: boolean; error: AccountFailure['code'] | null }>({
    items: [],
    loading: true,
    error: null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    void call<AccountSession[]>(runtime, '/api/account/sessions').then((res) => {
      if (!live) return;
      setState(res.ok ? { items: res.data, loading: false, error: null } : { items: [], loading: false, error: res.code });
    });
    return () => {
      live = false;
    };
  }, [runtime, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const end = useCallback(
    async (which: { id: number } | 'others') => {
      const res = await call(runtime, '/api/account/sessions/end', which === 'others' ? { all_others: true } : { session_id: which.id });
      reload();
      return res;
    },
    [runtime, reload],
  );
  return { ...state, reload, end };
}

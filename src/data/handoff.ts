import { useMemo } from 'react';
import type { HandoffPreview } from '../../contract/accounts.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { useRuntime } from './hooks.ts';
import { callOnline } from './online.ts';
import type { DataRuntime } from './runtime.ts';

/**
 * The session handoff on the page (server/domain/accounts/handoff.ts has the server's rules). A
 * link for the person already signed in, or for a device that holds nobody's unsent work, signs in
 * at once as the specs say. Anything else is a question first: a browser signed in as somebody
 * else, or one holding the previous account's unsent changes, stays as it is unless the person
 * says yes, and a yes is refused while this device's own changes have not reached the server.
 */

export type { HandoffPreview };
export type HandoffFailureCode = ErrorCode | 'network_error' | 'unsent_changes';

export type HandoffStep =
  | { kind: 'done' }
  /**
   * The question. `preview` is null until the server could be asked (offline), `leftover` says the
   * device is signed out but keeps the previous account's unsent work.
   */
  | { kind: 'ask'; preview: HandoffPreview | null; leftover: boolean }
  | { kind: 'failed'; code: HandoffFailureCode };

type Answer = { ok: true; data: unknown } | { ok: false; code: HandoffFailureCode; data?: unknown };

function post(runtime: DataRuntime, path: string, body: unknown): Promise<Answer> {
  return callOnline<unknown>(runtime, path, body);
}

export interface HandoffActions {
  /** What to do with a link just taken from the address: sign in at once, or ask. */
  start(token: string, userId: number): Promise<HandoffStep>;
  /** Who the link signs in and who is signed in now; null when the server cannot be reached. */
  preview(token: string, userId: number): Promise<HandoffPreview | null | { failed: HandoffFailureCode }>;
  /** The person said yes: refused while this device has unsent work of another account. */
  confirm(token: string, userId: number): Promise<{ ok: true } | { ok: false; code: HandoffFailureCode }>;
}

export function useHandoffActions(): HandoffActions {
  const runtime = useRuntime();
  return useMemo(() => handoffActions(runtime), [runtime]);
}

async function adopt(runtime: DataRuntime): Promise<{ ok: true } | { ok: false; code: HandoffFailureCode }> {
  const adopted = await runtime.adoptCookieSession().catch(() => 'failed' as const);
  if (adopted === 'ok') return { ok: true };
  return { ok: false, code: adopted === 'unsent' ? 'unsent_changes' : 'auth_required' };
}

export function handoffActions(runtime: DataRuntime): HandoffActions {
  const preview: HandoffActions['preview'] = async (token, userId) => {
    const res = await post(runtime, '/api/auth/handoff/check', { token, user_id: userId });
    if (res.ok) return res.data as HandoffPreview;
    return res.code === 'network_error' ? null : { failed: res.code };
  };
  return {
    async start(token, userId) {
      const local = await runtime.localAccount();
      const someoneElse = local.userId !== null && local.userId !== userId;
      const leftover = local.userId === null && local.ownerId !== null && local.ownerId !== userId && local.unsent > 0;
      if (someoneElse || leftover) {
        const seen = await preview(token, userId);
        if (seen && 'failed' in seen) return { kind: 'failed', code: seen.failed };
        return { kind: 'ask', preview: seen, leftover };
      }
      const res = await post(runtime, '/api/auth/handoff', { token, user_id: userId });
      // The server knows a session this device had forgotten: the same question.
      if (!res.ok && res.code === 'handoff_confirm') return { kind: 'ask', preview: (res.data as HandoffPreview | null) ?? null, leftover: false };
      if (!res.ok) return { kind: 'failed', code: res.code };
      const adopted = await adopt(runtime);
      return adopted.ok ? { kind: 'done' } : { kind: 'failed', code: adopted.code };
    },
    preview,
    async confirm(token, userId) {
      const local = await runtime.localAccount();
      if (local.ownerId !== null && local.ownerId !== userId && local.unsent > 0) return { ok: false, code: 'unsent_changes' };
      const res = await post(runtime, '/api/auth/handoff', { token, user_id: userId, confirm: true });
      if (!res.ok) return { ok: false, code: res.code };
      return adopt(runtime);
    },
  };
}

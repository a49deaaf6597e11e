import { useMemo } from 'react';
import type { InvitationAccepted, InvitationPreview } from '../../contract/admin-people.ts';
import { call, type AccountResult } from './account.ts';
import { useRuntime } from './hooks.ts';

/**
 * The page an organiser's invitation link opens (server/routes/auth/invitations.ts): what the
 * invitation is for, and accepting it signed in. Like the other links from emails, online calls.
 * While the person signs in or up first, the link's token waits in this tab's session storage, so
 * it survives the trip through the login page without going into an address or the history.
 */

export interface InvitationActions {
  preview(token: string): Promise<AccountResult<InvitationPreview>>;
  accept(token: string): Promise<AccountResult<InvitationAccepted>>;
}

export function useInvitationActions(): InvitationActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      preview: (token) => call<InvitationPreview>(runtime, '/api/auth/invitation', { token }),
      async accept(token) {
        const done = await call<InvitationAccepted>(runtime, '/api/auth/invitation/accept', { token });
        // Following the link confirms the address; the new role's documents come with the next pull.
        if (done.ok) await runtime.refreshUser().catch(() => undefined);
        return done;
      },
    }),
    [runtime],
  );
}

const KEPT = 'foyer:invitation';

/** Keeps the token for this tab while the person signs in or up; taken back by the invitation page. */
export function keepInvitationToken(token: string): void {
  try {
    sessionStorage.setItem(KEPT, token);
  } catch {
    // Storage refused (a private window's quota): the person opens the link again after signing in.
  }
}

export function keptInvitationToken(): string | null {
  try {
    return sessionStorage.getItem(KEPT);
  } catch {
    return null;
  }
}

export function forgetInvitationToken(): void {
  try {
    sessionStorage.removeItem(KEPT);
  } catch {
    // Nothing kept.
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_LIMITS } from '../../contract/accounts.ts';
import { INVITATION_LIMITS } from '../../contract/admin-people.ts';
import { EXPENSIVE_CALL_LIMITS, type ExpensiveCall } from '../../contract/constants.ts';
import type { Bus } from '../realtime/bus.ts';
import { AccountGuard, type AccountLimits } from './accounts.ts';
import { InvitationGuard, type InvitationLimits } from './invitations.ts';
import { LOGIN_LIMITS, LoginGuard, type LoginLimits } from './login.ts';
import { createLimiterStore } from './store.ts';
import { CallThrottle, tooManyRequests, type CallLimits } from './throttle.ts';

export { tooManyRequests } from './throttle.ts';

export interface Limits {
  readonly store: 'redis' | 'memory';
  readonly login: LoginGuard;
  readonly calls: CallThrottle;
  readonly accounts: AccountGuard;
  readonly invitations: InvitationGuard;
  /** A route's onRequest hook that answers "too many requests" once the caller's budget is spent. */
  throttle(call: ExpensiveCall): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
}

/** Tighter numbers than the constants, for tests that must reach a limit quickly. */
export interface LimitOverrides {
  login?: Partial<LoginLimits>;
  calls?: Partial<CallLimits>;
  accounts?: Partial<AccountLimits>;
  invitations?: Partial<InvitationLimits>;
}

/** The limits of one app instance, sharing counters through the bus's Redis when it has one. */
export function createLimits(bus: Bus, overrides: LimitOverrides = {}): Limits {
  const store = createLimiterStore(bus.shared);
  const calls = new CallThrottle(store, { ...EXPENSIVE_CALL_LIMITS, ...overrides.calls });
  return {
    store: store.kind,
    login: new LoginGuard(store, { ...LOGIN_LIMITS, ...overrides.login }),
    calls,
    accounts: new AccountGuard(store, { ...ACCOUNT_LIMITS, ...overrides.accounts }),
    invitations: new InvitationGuard(store, { ...INVITATION_LIMITS, ...overrides.invitations }),
    throttle: (call) => async (request, reply) => {
      const retryAfterMs = await calls.take(request, call);
      if (retryAfterMs !== undefined) return tooManyRequests(request, reply, retryAfterMs);
      return undefined;
    },
  };
}

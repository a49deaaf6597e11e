import {
  LOGIN_ACCOUNT_DELAY_BASE_MS,
  LOGIN_ACCOUNT_DELAY_MAX_MS,
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_ADDRESS_MAX_FAILURES,
  LOGIN_ADDRESS_WINDOW_MS,
  LOGIN_FAMILIAR_ADDRESS_MS,
  LOGIN_PAIR_MAX_FAILURES,
  LOGIN_PAIR_WINDOW_MS,
} from '../../contract/constants.ts';
import { accountKey, addressKey, refusal, seconds, type LimiterStore } from './store.ts';

export interface LoginLimits {
  pairMaxFailures: number;
  pairWindowMs: number;
  addressMaxFailures: number;
  addressWindowMs: number;
  accountFreeFailures: number;
  accountWindowMs: number;
  accountDelayBaseMs: number;
  accountDelayMaxMs: number;
  familiarAddressMs: number;
}

export const LOGIN_LIMITS: LoginLimits = {
  pairMaxFailures: LOGIN_PAIR_MAX_FAILURES,
  pairWindowMs: LOGIN_PAIR_WINDOW_MS,
  addressMaxFailures: LOGIN_ADDRESS_MAX_FAILURES,
  addressWindowMs: LOGIN_ADDRESS_WINDOW_MS,
  accountFreeFailures: LOGIN_ACCOUNT_FREE_FAILURES,
  accountWindowMs: LOGIN_ACCOUNT_WINDOW_MS,
  accountDelayBaseMs: LOGIN_ACCOUNT_DELAY_BASE_MS,
  accountDelayMaxMs: LOGIN_ACCOUNT_DELAY_MAX_MS,
  familiarAddressMs: LOGIN_FAMILIAR_ADDRESS_MS,
};

/** A login that may go on to the password check; its outcome must be reported. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

export type LoginAdmission = { ok: true; attempt: LoginAttempt } | { ok: false; retryAfterMs: number };

/**
 * Password guessing, limited the way large sites do it, so that the limits cannot be turned
 * against the people they protect:
 *
 * - per (account, address): a guesser gets LOGIN_PAIR_MAX_FAILURES tries at one account from one
 *   address per window. The owner at her own address has her own pair and never notices.
 * - per address, with a high ceiling in a short window: a sprayer trying many accounts from one
 *   address is stopped, while a venue's thousands of people behind one NAT address are not, and a
 *   flood holds the address for minutes, not an hour; an account that has signed in from that
 *   address, or on that device (its device cookie), before is not held back by it.
 * - per account, slowing rather than locking: past LOGIN_ACCOUNT_FREE_FAILURES failures from
 *   anywhere (a botnet, or forged addresses behind a misconfigured proxy), attempts from addresses
 *   the account has not signed in from take turns, one per delay, the delay doubling per further
 *   failure up to LOGIN_ACCOUNT_DELAY_MAX_MS. The owner's familiar addresses skip the queue.
 *
 * Everything is keyed by the email as typed (normalised), never by whether the account exists,
 * and a refused attempt does no password work, so refusals say nothing about which emails exist.
 * Counters are taken before the password check, atomically in the store, so a burst of parallel
 * guesses cannot all slip under a limit before the first failure is counted.
 */
export class LoginGuard {
  private readonly pair;
  private readonly address;
  private readonly account;
  private readonly turn;
  private readonly familiar;

  constructor(
    store: LimiterStore,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
  ) {
    this.pair = store.limiter('login-pair', limits.pairMaxFailures, limits.pairWindowMs);
    this.address = store.limiter('login-address', limits.addressMaxFailures, limits.addressWindowMs);
    this.account = store.limiter('login-account', limits.accountFreeFailures, limits.accountWindowMs);
    this.turn = store.limiter('login-turn', 1, limits.accountDelayMaxMs);
    this.familiar = store.limiter('login-familiar', 1, limits.familiarAddressMs);
  }

  /**
   * `email` as the login normalises it; `ip` as Fastify derived it under TRUST_PROXY; `device` the
   * browser's device cookie, when it sent one.
   */
  async admit(email: string, ip: string, device?: string): Promise<LoginAdmission> {
    const account = accountKey(email);
    const address = addressKey(ip);
    const pair = `${account}@${address}`;
    const devicePair = device ? `${account}@d:${device}` : undefined;
    const familiar = (await this.familiar.get(pair)) !== null || (devicePair !== undefined && (await this.familiar.get(devicePair)) !== null);
    const refused = (err: unknown): LoginAdmission => {
      const retryAfterMs = refusal(err);
      if (retryAfterMs === undefined) throw err;
      return { ok: false, retryAfterMs };
    };

    try {
      await this.pair.consume(pair);
    } catch (err) {
      return refused(err);
    }
    if (!familiar) {
      try {
        await this.address.consume(address);
      } catch (err) {
        return refused(err);
      }
      const failures = (await this.account.get(account))?.consumedPoints ?? 0;
      const over = failures - this.limits.accountFreeFailures;
      if (over >= 0) {
        const delayMs = Math.min(this.limits.accountDelayMaxMs, this.limits.accountDelayBaseMs * 2 ** Math.min(over, 30));
        try {
          // Only the first attempt in each delay gets a turn; the store decides who, atomically.
          await this.turn.consume(account, 1, { customDuration: seconds(delayMs) });
        } catch (err) {
          return refused(err);
        }
      }
    }

    return {
      ok: true,
      attempt: {
        succeeded: async () => {
          // The pair counts consecutive failures; a success at the address is not a failure there.
          await this.pair.delete(pair);
          if (!familiar) await this.address.reward(address);
          await this.familiar.set(pair, 1, seconds(this.limits.familiarAddressMs));
          if (devicePair) await this.familiar.set(devicePair, 1, seconds(this.limits.familiarAddressMs));
        },
        failed: async () => {
          await this.account.penalty(account);
        },
      },
    };
  }
}

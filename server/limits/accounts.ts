import { ACCOUNT_LIMITS } from '../../contract/accounts.ts';
import { accountKey, addressKey, refusal, type LimiterStore } from './store.ts';

export type AccountLimitName = keyof typeof ACCOUNT_LIMITS;
export type AccountLimits = Record<AccountLimitName, { points: number; windowMs: number }>;

/**
 * Budgets of the account forms that send mail or cost a password hash. Each form is counted per
 * address (a venue's Wi-Fi puts many people behind one, so the ceilings are high) and per address
 * mailed (so nobody can flood one mailbox), keyed by the address as typed, never by whether an
 * account has it, so a refusal says nothing about which addresses exist.
 */
export class AccountGuard {
  private readonly limiters;

  constructor(store: LimiterStore, limits: AccountLimits = ACCOUNT_LIMITS) {
    this.limiters = Object.fromEntries(
      (Object.keys(limits) as AccountLimitName[]).map((name) => [
        name,
        store.limiter(`account-${name.replaceAll('_', '-')}`, limits[name].points, limits[name].windowMs),
      ]),
    ) as Record<AccountLimitName, ReturnType<LimiterStore['limiter']>>;
  }

  /**
   * Takes one from each budget named, keyed by the address (`ip`), the email or the user; answers
   * undefined when every one allowed it, else the ms until they would. All are taken, so a refused
   * burst still counts against each.
   */
  async take(counts: { limit: AccountLimitName; ip?: string; email?: string; userId?: number }[]): Promise<number | undefined> {
    let wait: number | undefined;
    for (const c of counts) {
      const key = c.ip !== undefined ? `a${addressKey(c.ip)}` : c.email !== undefined ? `e${accountKey(c.email)}` : `u${c.userId}`;
      try {
        await this.limiters[c.limit].consume(key);
      } catch (err) {
        const ms = refusal(err);
        if (ms === undefined) throw err;
        wait = Math.max(wait ?? 0, ms);
      }
    }
    return wait;
  }
}

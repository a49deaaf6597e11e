import { INVITATION_LIMITS } from '../../contract/admin-people.ts';
import { accountKey, refusal, type LimiterStore } from './store.ts';

export type InvitationLimits = Record<keyof typeof INVITATION_LIMITS, { points: number; windowMs: number }>;

/**
 * The budgets of the invitation mails (contract/admin-people.ts INVITATION_LIMITS): per sender, per
 * event and per mailbox, in the store every instance shares. The domain asks through its own
 * InvitationBudget interface (server/domain/organisers/invitations.ts), which this class fits.
 */
export class InvitationGuard {
  private readonly sender;
  private readonly event;
  private readonly recipient;

  constructor(store: LimiterStore, limits: InvitationLimits = INVITATION_LIMITS) {
    this.sender = store.limiter('invite-sender', limits.sender.points, limits.sender.windowMs);
    this.event = store.limiter('invite-event', limits.event.points, limits.event.windowMs);
    this.recipient = store.limiter('invite-recipient', limits.recipient.points, limits.recipient.windowMs);
  }

  /** Takes one from each budget; undefined when all allowed it, else the ms until they would. All are taken, so a refused burst still counts. */
  async take(i: { senderId: number; eventId: number; email: string }): Promise<number | undefined> {
    let wait: number | undefined;
    for (const [limiter, key] of [
      [this.sender, `u${i.senderId}`],
      [this.event, `v${i.eventId}`],
      [this.recipient, `e${accountKey(i.email)}`],
    ] as const) {
      try {
        await limiter.consume(key);
      } catch (err) {
        const ms = refusal(err);
        if (ms === undefined) throw err;
        wait = Math.max(wait ?? 0, ms);
      }
    }
    return wait;
  }
}

import type { Writer } from '../write.ts';
import { ORDER_EXPIRY_SWEEP_MS } from '../../../contract/sales.ts';
import { expireOverdue } from './lifecycle.ts';
import { withOrderMail } from './mail.ts';
import { offerFreedPlaces } from './waitlist-offers.ts';

/**
 * Expires pending orders whose time is up, so their tickets go back on sale and their buyers hear
 * of it, and then settles the waitlists (waitlist-offers.ts). Every instance sweeps every ORDER_EXPIRY_SWEEP_MS; each order is locked while it expires,
 * so two instances never expire one twice. Correctness does not hang on the timer: placing an
 * order expires the event's overdue orders first (checkout.ts), so nobody is told "sold out" about
 * tickets an expired order still held.
 */
export interface ExpiryDeps {
  /** Its mail settings send the expiry mails after each sweep's commit. */
  writer: Writer;
  log: { warn(obj: unknown, msg?: string): void };
}

export function startOrderExpiry(app: ExpiryDeps, everyMs = ORDER_EXPIRY_SWEEP_MS): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const { count } = await app.writer.run(async (trx) => withOrderMail(await expireOverdue(trx, new Date(), null)));
        if (count < 100) break;
      }
      // The waitlists by their counts: offers whose time is up pass on, and places freed by any
      // path that did not offer them in its own transaction (a ticket its holder cancelled, say) go
      // to the next in line.
      await app.writer.run(async (trx) => (await offerFreedPlaces(trx, null, new Date())).effect);
    } catch (err) {
      app.log.warn({ err }, 'expiring overdue orders failed; the next sweep tries again');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

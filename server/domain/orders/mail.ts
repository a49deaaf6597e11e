import type { Kysely } from 'kysely';
import { formatMoney } from '../../../contract/money.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/types.ts';
import { withJobs, type AfterCommitJob, type Effect } from '../effects.ts';
import { findEvent } from '../events/repository.ts';
import { sendMail, type MailAttachment } from '../../mail/transport.ts';
import { letter, mailLocale, mailText, type MailLocale } from '../../mail/texts.ts';
import { eventDateTime, formatWhen } from '../tickets/pdf.ts';
import { ticketPdf } from '../tickets/service.ts';
import type { OrderNotice } from './lifecycle.ts';
import { buyerOf, findOrder, orderLines } from './repository.ts';

/**
 * The emails of an order's life, sent after the change has committed (never inside its
 * transaction: a transaction must not wait on an SMTP server), through the ticket emails' mail
 * path (SMTP_URL, or .eml files under DATA_DIR/mail). A paid order's email carries each ticket's
 * PDF; a pending transfer's says how to pay and by when; a cancelled, refunded or expired order's
 * says so. Best effort, like the change hints: the app shows the same on the buyer's devices, and a
 * failed send is logged.
 */

type MailDeps = { db: Kysely<DB>; config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>; log: { warn(obj: unknown, msg?: string): void } };

/** A price as the email writes it (contract/money.ts, with a plain no-break space, as the PDF does). */
function money(amount: number, currency: string, lang: MailLocale): string {
  return formatMoney(amount, currency, lang).replace(/\u202f/g, '\u00a0');
}

export async function sendOrderNotice(deps: MailDeps, notice: OrderNotice): Promise<void> {
  const { db, config } = deps;
  const order = await findOrder(db, { id: notice.orderId });
  if (!order) return;
  const buyer = await buyerOf(db, order.user_id);
  if (buyer.deleted || !buyer.email) return;
  const event = await findEvent(db, order.event_id);
  if (!event) return;
  const lang = mailLocale(buyer.locale || order.locale);
  const lines = await orderLines(db, order.id);
  const currency = order.currency.trim();
  const deadline = order.expires_at ? eventDateTime(order.expires_at, event.timezone) : null;
  const facts = {
    name: buyer.first_name,
    event: event.name,
    when: formatWhen(event.starts_at, event.ends_at, event.timezone),
    code: order.code,
    total: money(Number(order.total), currency, lang),
    lines:
      lines.map((l) => `- ${l.type_name}${l.name ? `, ${l.name}` : ''}: ${money(Number(l.price), currency, lang)}\n`).join('') +
      // The prices above are what was paid; the code and what it took off follow them.
      (order.promo_code ? `${mailText(lang)('mail.order.promo', { code: order.promo_code, amount: money(Number(order.discount), currency, lang) })}\n` : ''),
    instructions: order.instructions,
    deadline: deadline ? `${deadline.date} ${deadline.time} (${event.timezone})` : '',
    // How a refund reaches the buyer.
    method: mailText(lang)(order.method === 'card' ? 'mail.order.refundCard' : 'mail.order.refundTransfer'),
  };
  const attachments: MailAttachment[] = [];
  if (notice.kind === 'paid') {
    for (const l of lines) {
      if (l.ticket_id === null) continue;
      const { pdf, filename } = await ticketPdf(db, config.dataDir, l.ticket_id, order.user_id, lang);
      attachments.push({ filename, content: pdf, contentType: 'application/pdf' });
    }
  }
  await sendMail(config, { to: buyer.email, ...letter(lang, `mail.order.${notice.kind}`, facts), attachments });
}

/** Sends each notice in turn; one failure is logged and the others still go. */
export async function sendOrderNotices(deps: MailDeps, notices: readonly OrderNotice[]): Promise<void> {
  for (const n of notices) {
    try {
      await sendOrderNotice(deps, n);
    } catch (err) {
      deps.log.warn({ err, orderId: n.orderId, kind: n.kind }, 'an order email was not sent');
    }
  }
}

/**
 * The order's mails as a job after the write's commit (effects.ts): attached once, to the outcome
 * an entry point runs (a checkout, an organiser's action, a payment webhook, the expiry sweep), so
 * merged outcomes (lifecycle.ts mergeOutcomes, which merges notices and not jobs) mail each once.
 */
export function withOrderMail<T extends { effect: Effect; notices: readonly OrderNotice[] }>(outcome: T): T {
  if (outcome.notices.length === 0) return outcome;
  const notices = [...outcome.notices];
  const job: AfterCommitJob = async ({ mail, db, log }) => {
    if (mail) await sendOrderNotices({ db, config: mail, log }, notices);
  };
  return { ...outcome, effect: withJobs(outcome.effect, job) };
}

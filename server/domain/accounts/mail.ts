import type { Config } from '../../config.ts';
import { withJobs, type AfterCommitJob, type Effect } from '../effects.ts';
import { sendMail, type MailResult } from '../../mail/transport.ts';
import { letter, mailLocale, type MailLocale } from '../../mail/texts.ts';
import type { MailOrder } from './links.ts';

/**
 * The account emails (sign-up, password reset, email change and its undo link to the old
 * address), in the language the person used; their words are `mail.account.<kind>` in locales/.
 * Each carries its link in the URL's fragment (`#token=…`): a fragment never reaches a server, so
 * the token stays out of access logs, proxies and Referer headers; the page posts it.
 */

export type AccountMail = 'verify' | 'exists' | 'reset' | 'email_change' | 'email_changed';

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

export function accountMail(config: MailConfig, kind: AccountMail, lang: MailLocale, to: string, name: string, link: string, detail = ''): Promise<MailResult> {
  return sendMail(config, { to, ...letter(lang, `mail.account.${kind}`, { name, link, email: detail }), attachments: [] });
}

/** The page of the app each mail's link opens; the old address's news of a change carries the undo link. */
const LINK_PAGE: Record<AccountMail, string> = {
  verify: '/account/verify',
  exists: '/account/reset',
  reset: '/account/reset',
  email_change: '/account/verify',
  email_changed: '/account/undo-email',
};

/**
 * The mail a service ordered, as a job after the write's commit (effects.ts). The write runner
 * starts it without making the answer wait, so an SMTP relay's delay cannot tell a taken address
 * from a free one. An order with no address (a removed account's) sends nothing.
 */
export function accountMailJob(order: MailOrder): AfterCommitJob {
  return async ({ mail, log }) => {
    if (!mail || !order.to) return;
    const lang = mailLocale(order.locale);
    const link = `${mail.publicUrl}/${lang}${LINK_PAGE[order.kind]}${order.token ? `#token=${order.token}` : ''}`;
    await accountMail(mail, order.kind, lang, order.to, order.name || order.to, link, order.newEmail).catch((err: unknown) =>
      log.warn({ err, kind: order.kind }, 'an account email could not be sent'),
    );
  };
}

/** The outcome with its mail order, if any, attached to its Effect as a job after the commit. */
export function withAccountMail<T extends { effect: Effect; mail: MailOrder | null }>(outcome: T): T {
  return outcome.mail ? { ...outcome, effect: withJobs(outcome.effect, accountMailJob(outcome.mail)) } : outcome;
}

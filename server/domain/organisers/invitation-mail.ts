import type { InvitationRole } from '../../../contract/admin-people.ts';
import type { Locale } from '../../../contract/constants.ts';
import type { Config } from '../../config.ts';
import { letter, mailText } from '../../mail/texts.ts';
import { sendMail } from '../../mail/transport.ts';

/**
 * The invitation email, through the mail path every Foyer email takes (SMTP_URL, or .eml files),
 * after the invitation committed: in the language of the invited account when the address has
 * one, else of the sender's device. Its link opens the invitation's page, its token in the URL
 * fragment like the account links (never sent to a server by a browser, so it stays out of logs
 * and Referer headers). The subject is Foyer's own words only: the event's name and the sender's
 * are text somebody typed, and a subject line is where a spammer would put theirs.
 */

export interface Invitation {
  event: string;
  eventId: number;
  role: InvitationRole;
  to: string;
  /** The link's token. */
  token: string;
  /** The sender's name as their profile has it. */
  from: string;
  /** The stand's name for a stand member's invitation, else ''. */
  stand: string;
  /** The invited account's language, when the address has one. */
  locale?: Locale;
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>;

/** The invitation's link: its page (src/features/account/InvitationPage.tsx) previews and accepts it. */
export function invitationLink(publicUrl: string, lang: Locale, token: string): string {
  return `${publicUrl}/${lang}/invitation#invite=${token}`;
}

export async function mailInvitation(config: MailConfig, deviceLang: Locale, i: Invitation, log: { warn(obj: unknown, msg?: string): void }): Promise<void> {
  const lang = i.locale ?? deviceLang;
  const t = mailText(lang);
  const words = letter(lang, 'mail.invitation', {
    who: i.from || t('mail.invitation.someone'),
    event: i.event,
    role: i.stand ? t('mail.invitation.standRole', { stand: i.stand }) : t(`mail.invitation.role.${i.role}`),
    link: invitationLink(config.publicUrl, lang, i.token),
  });
  try {
    await sendMail(config, { to: i.to, ...words, attachments: [] });
  } catch (err) {
    log.warn({ err }, 'an invitation email was not sent');
  }
}

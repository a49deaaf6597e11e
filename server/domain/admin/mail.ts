import type { Locale } from '../../../contract/constants.ts';
import type { Config } from '../../config.ts';
import { sendMail } from '../../mail/transport.ts';
import { letter, mailLocale } from '../../mail/texts.ts';
import { formatWhen } from '../tickets/pdf.ts';

/**
 * The email that tells the people taking part that an event was cancelled, through the same mail
 * path as ticket emails (SMTP_URL, or .eml files under DATA_DIR/mail). It is sent after the
 * cancellation has committed, never inside its transaction (a transaction must not wait on an SMTP
 * server), in each person's own language (the one chosen in their settings; the organiser's when
 * they chose none). The app tells them too, whatever happens to the mail: a cancelled event stays
 * on every device, marked.
 */

export interface CancelledEvent {
  name: string;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
}

export interface Recipient {
  email: string;
  first_name: string;
  /** The person's interface language; '' when they chose none. */
  locale: string;
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

/** One email per person, one after another; a failure is logged and the others are still sent. */
export async function mailCancellation(
  config: MailConfig,
  lang: Locale,
  event: CancelledEvent,
  people: Recipient[],
  log: { warn(obj: unknown, msg?: string): void },
): Promise<void> {
  const when = formatWhen(event.starts_at, event.ends_at, event.timezone);
  for (const p of people) {
    const words = letter(p.locale ? mailLocale(p.locale) : lang, 'mail.eventCancelled', { name: p.first_name, event: event.name, when });
    try {
      await sendMail(config, { to: p.email, ...words, attachments: [] });
    } catch (err) {
      log.warn({ err }, 'a cancellation email was not sent');
    }
  }
}

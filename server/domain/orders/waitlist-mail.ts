import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/types.ts';
import type { AfterCommitJob } from '../effects.ts';
import { sendMail } from '../../mail/transport.ts';
import { letter, mailLocale } from '../../mail/texts.ts';
import { eventDateTime, formatWhen } from '../tickets/pdf.ts';
import { buyerOf } from './repository.ts';
import { offerMailFacts } from './waitlist-repository.ts';

/**
 * The mail of a waitlist offer, after the commit that made it, in the person's language (their
 * account's, else the one they joined in): which type, until when the place is held, and the link
 * to buy it, which opens the event's checkout with the offer. The app shows the same offer on the
 * person's devices.
 */
async function sendOfferMail(db: Kysely<DB>, config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>, entryId: number): Promise<void> {
  const entry = await offerMailFacts(db, entryId);
  // Bought, removed or passed on before the mail went: nothing to say any more.
  if (entry?.state !== 'offered' || !entry.offer_key || !entry.offer_expires_at) return;
  const person = await buyerOf(db, entry.user_id);
  if (person.deleted || !person.email) return;
  const lang = mailLocale(person.locale || entry.locale);
  const until = eventDateTime(entry.offer_expires_at, entry.timezone);
  const facts = {
    name: person.first_name,
    event: entry.event_name,
    when: formatWhen(entry.starts_at, entry.ends_at, entry.timezone),
    type: entry.type_name,
    until: `${until.date} ${until.time} (${entry.timezone})`,
    link: `${config.publicUrl}/${lang}/events/${entry.event_id}/checkout?offer=${entry.offer_key}`,
  };
  await sendMail(config, { to: person.email, ...letter(lang, 'mail.waitlist.offer', facts), attachments: [] });
}

/**
 * The offers' mails as a job after the commit (effects.ts), attached by the transaction that made
 * the offers, whichever path freed the places; one that fails is logged and the others still go.
 */
export function offerMailJob(entryIds: readonly number[]): AfterCommitJob {
  const ids = [...entryIds];
  return async ({ mail, db, log }) => {
    if (!mail) return;
    for (const id of ids) {
      try {
        await sendOfferMail(db, mail, id);
      } catch (err) {
        log.warn({ err, entryId: id }, 'a waitlist offer email was not sent');
      }
    }
  };
}

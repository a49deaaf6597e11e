import { sendMail, type MailAttachment } from '../../mail/transport.ts';
import { letter, mailLocale } from '../../mail/texts.ts';
import type { AfterCommitJob } from '../effects.ts';
import { formatWhen } from '../tickets/pdf.ts';
import { ticketForMail, ticketPdf } from '../tickets/service.ts';
import { holderOf } from './self-service-repository.ts';

/**
 * The two mails of a transfer, after its commit: the new holder's (with the ticket's PDF when the
 * ticket is already theirs, else how to get it: sign up with the address it was sent to), in their
 * language when they have an account and otherwise in the giver's; and the old holder's, which says
 * the old code no longer works, in their own language. Best effort like every mail: both holders'
 * devices show the change anyway.
 */
export function transferMailJob(t: { fromTicket: number; toTicket: number | null; email: string; name: string }): AfterCommitJob {
  return async ({ mail, db, lang, log }) => {
    if (!mail) return;
    const old = await ticketForMail(db, t.fromTicket);
    if (!old) return;
    const from = `${old.first_name} ${old.last_name}`.trim();
    const facts = { event: old.event_name, when: formatWhen(old.starts_at, old.ends_at, old.timezone), from, to: t.name, email: t.email };
    try {
      if (t.toTicket !== null) {
        const fresh = await ticketForMail(db, t.toTicket);
        const receiver = fresh ? await holderOf(db, fresh.user_id) : undefined;
        if (fresh && receiver) {
          const rl = mailLocale(receiver.locale || lang);
          const { pdf, filename } = await ticketPdf(db, mail.dataDir, fresh.id, receiver.id, rl);
          const attachments: MailAttachment[] = [{ filename, content: pdf, contentType: 'application/pdf' }];
          await sendMail(mail, { to: receiver.email, ...letter(rl, 'mail.transfer.received', { ...facts, name: receiver.first_name }), attachments });
        }
      } else {
        const rl = mailLocale(lang);
        const link = `${mail.publicUrl}/${rl}/signup`;
        await sendMail(mail, { to: t.email, ...letter(rl, 'mail.transfer.invite', { ...facts, link }), attachments: [] });
      }
    } catch (err) {
      log.warn({ err, ticketId: t.fromTicket }, 'the new holder of a transferred ticket was not mailed');
    }
    const giver = await holderOf(db, old.user_id);
    if (!giver?.email) return;
    const gl = mailLocale(giver.locale || lang);
    await sendMail(mail, { to: giver.email, ...letter(gl, 'mail.transfer.given', { ...facts, name: giver.first_name }), attachments: [] });
  };
}

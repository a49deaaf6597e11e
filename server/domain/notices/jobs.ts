import type { AfterCommitJob } from '../effects.ts';
import { sendNoticeMail, type MailNotice } from './mail.ts';
import { sendNoticePush } from './push.ts';

/**
 * A notice of a meeting or a message as jobs after the write's commit: the email (mail.ts) and the
 * pushes to the recipient's browsers (push.ts), side by side, so a mail server that hangs delays
 * no push and the other way round. The services that make meetings and messages attach them to
 * their Effect, and the write runner starts them whichever entry point called.
 */
export function noticeJobs(n: MailNotice): AfterCommitJob[] {
  const mail: AfterCommitJob = async ({ mail, db, log }) => {
    if (!mail) return;
    await sendNoticeMail({ db, config: mail, log }, n).catch((err: unknown) => log.warn({ err, notice: n.kind }, 'a notice email was not sent'));
  };
  const push: AfterCommitJob = async ({ push, db, log }) => {
    if (!push) return;
    await sendNoticePush({ db, push, log }, n).catch((err: unknown) => log.warn({ err, notice: n.kind }, 'a notice push was not sent'));
  };
  return [mail, push];
}

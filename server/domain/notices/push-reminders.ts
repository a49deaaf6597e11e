import { MEETING_REMINDER_LEAD_MS } from '../../../contract/constants.ts';
import type { Tx } from '../../db/tx.ts';
import { quiet, withJobs, type AfterCommitJob, type Effect } from '../effects.ts';
import { meetingFacts } from './mail.ts';
import { pushPlans, type PushPlan } from './push.ts';
import { claimDueReminders } from './push-repository.ts';
import { appointmentForMail } from './repository.ts';

/**
 * Reminders by push before an accepted meeting (issue 31), for a person whose Foyer is closed: the
 * device's clock (workers/clock.ts) reminds only while Foyer runs. A sweep on every instance
 * (routes/api/push.ts) runs this write every PUSH_REMINDER_SWEEP_MS: it claims, in the
 * transaction, the meetings that start within the reminder's lead and were not reminded for that
 * start, and the write runner pushes after the commit. Whichever instance inserts the claim first
 * pushes; the others find it taken. Only meetings where somebody has a subscription are claimed.
 */

/** How often each instance looks for reminders due; a reminder comes at most this late. */
export const PUSH_REMINDER_SWEEP_MS = 30_000;

/** Both people of the meeting are reminded, each of the other one. */
function reminderJob(appointmentId: number): AfterCommitJob {
  return async ({ push, db, log }) => {
    if (!push) return;
    const a = await appointmentForMail(db, appointmentId);
    if (!a) return;
    const facts = { ...meetingFacts(a, false), pref: 'meeting_reminder' as const, mail: 'request' as const, reminder: true as const };
    const plans: PushPlan[] = [
      { ...facts, to: a.from_user_id, about: a.to_user_id },
      { ...facts, to: a.to_user_id, about: a.from_user_id },
    ];
    await pushPlans({ db, push, log }, plans, null).catch((err: unknown) => log.warn({ err, appointmentId }, 'a reminder push was not sent'));
  };
}

export async function remindersDue(trx: Tx, now: Date): Promise<Effect> {
  const due = await claimDueReminders(trx, now, new Date(now.getTime() + MEETING_REMINDER_LEAD_MS));
  return withJobs(quiet(due), ...due.map(reminderJob));
}

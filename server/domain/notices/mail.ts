import type { Kysely } from 'kysely';
import { notifyEmailOn, type NotifyEmailKind } from '../../../contract/accounts.ts';
import { DEFAULT_LOCALE } from '../../../contract/constants.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/types.ts';
import { sendMail } from '../../mail/transport.ts';
import { letter, mailLocale, mailText } from '../../mail/texts.ts';
import { eventDateTime } from '../tickets/pdf.ts';
import { appointmentForMail, firstUnreadFrom, mailPerson } from './repository.ts';

/**
 * Notice emails: a meeting asked for, changed, answered or called off, and a new message, mailed to
 * the other person when their preferences (`notify_email`, read through notifyEmailOn) say so; the
 * in-app notice comes either way. Sent after the write has committed, from every entry point
 * (sync commands, the legacy calls, the notice socket), through the ticket emails' mail path, in
 * the recipient's language. A conversation mails once when it starts waiting for the recipient,
 * not once per message. Reminders stay in the app (the device's clock raises them): the server
 * keeps no schedule to mail them from.
 */

export type MailNotice =
  | { kind: 'meeting'; appointmentId: number; actorId: number; action: 'request' | 'edit' | 'approve' | 'reject' }
  | { kind: 'message'; messageId: number; actorId: number; recipientId: number }
  /** The organisers changed the meeting hours or places and cancelled this meeting: both people hear of it. */
  | { kind: 'organiserCancel'; appointmentId: number; actorId: number };

export interface NoticeMailDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>;
  log: { warn(obj: unknown, msg?: string): void };
}

/** Who a notice goes to and what it says of the meeting or message; the push sender reads the same (push.ts). */
export interface Plan {
  to: number;
  /** The person the mail names: who did it, or for an organisers' cancellation the other one of the meeting. */
  about: number;
  pref: NotifyEmailKind;
  mail: NoticeMailKind;
  event: string;
  /** The date and time, without the place: a push shows who and when and no more. */
  when: (lang: string) => string;
  where: string;
  reason: string;
  /** The screen the notice opens, a path of the app. */
  path: (lang: string) => string;
  /** What the notice is about: a push replaces the earlier one of the same subject on the screen. */
  tag: string;
}

/** The notice mails, each `mail.notice.<kind>` in the translations. */
export type NoticeMailKind = 'request' | 'change' | 'approved' | 'rejected' | 'cancelled' | 'organiserCancelled' | 'message';

export type MailAppointment = NonNullable<Awaited<ReturnType<typeof appointmentForMail>>>;

/** What a meeting's mail says of it, whoever it goes to. */
export function meetingFacts(a: MailAppointment, reason: boolean): Pick<Plan, 'event' | 'when' | 'where' | 'reason' | 'path' | 'tag'> {
  const when = (lang: string) => {
    if (!a.starts_at) return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${a.date}T12:00:00Z`));
    const t = eventDateTime(a.starts_at, a.timezone);
    return `${t.date} ${t.time} (${a.timezone})`;
  };
  return {
    event: a.event_name,
    when,
    where: a.where_text,
    reason: reason ? a.response_msg : '',
    path: (lang) => `/${lang}/profile/mymeeting?event_id=${a.event_id}&meeting_id=${a.id}`,
    tag: `meeting-${a.id}`,
  };
}

async function meetingPlans(deps: PlanDeps, n: Extract<MailNotice, { kind: 'meeting' }>): Promise<Plan[]> {
  const a = await appointmentForMail(deps.db, n.appointmentId);
  if (!a) return [];
  const to = a.from_user_id === n.actorId ? a.to_user_id : a.from_user_id;
  const [pref, mail]: [NotifyEmailKind, NoticeMailKind] =
    n.action === 'request'
      ? ['meeting_request', 'request']
      : n.action === 'edit'
        ? ['meeting_change', 'change']
        : n.action === 'approve'
          ? ['meeting_answer', 'approved']
          : a.canceled_by === null
            ? ['meeting_answer', 'rejected']
            : ['meeting_change', 'cancelled'];
  return [{ ...meetingFacts(a, mail === 'rejected' || mail === 'cancelled'), to, about: n.actorId, pref, mail }];
}

/** An organisers' cancellation goes to both people, each told whom the meeting was with. */
async function organiserCancelPlans(deps: PlanDeps, n: Extract<MailNotice, { kind: 'organiserCancel' }>): Promise<Plan[]> {
  const a = await appointmentForMail(deps.db, n.appointmentId);
  if (!a) return [];
  const facts = meetingFacts(a, false);
  return [
    { ...facts, to: a.from_user_id, about: a.to_user_id, pref: 'meeting_change', mail: 'organiserCancelled' },
    { ...facts, to: a.to_user_id, about: a.from_user_id, pref: 'meeting_change', mail: 'organiserCancelled' },
  ];
}

async function messagePlans(deps: PlanDeps, n: Extract<MailNotice, { kind: 'message' }>): Promise<Plan[]> {
  if (!(await firstUnreadFrom(deps.db, n.messageId, n.actorId))) return [];
  return [
    {
      to: n.recipientId,
      about: n.actorId,
      pref: 'new_message',
      mail: 'message',
      event: '',
      when: () => '',
      where: '',
      reason: '',
      path: (lang) => `/${lang}/profile/mymessages?user_id=${n.actorId}`,
      tag: `message-${n.actorId}`,
    },
  ];
}

type PlanDeps = Pick<NoticeMailDeps, 'db'>;

/** Whom a notice goes to, each with what it says; the mail and the push both send from these. */
export function plansOf(deps: PlanDeps, n: MailNotice): Promise<Plan[]> {
  switch (n.kind) {
    case 'meeting':
      return meetingPlans(deps, n);
    case 'organiserCancel':
      return organiserCancelPlans(deps, n);
    case 'message':
      return messagePlans(deps, n);
  }
}

/** Sends the notice's emails to those who want them; answers how many were sent. */
export async function sendNoticeMail(deps: NoticeMailDeps, n: MailNotice): Promise<number> {
  let sent = 0;
  for (const plan of await plansOf(deps, n)) {
    if (plan.to === n.actorId) continue;
    const [to, about] = await Promise.all([mailPerson(deps.db, plan.to), mailPerson(deps.db, plan.about)]);
    if (!to || !about || to.deleted || to.disabled || !to.email) continue;
    const prefs = typeof to.notify_email === 'string' ? (JSON.parse(to.notify_email) as Record<string, unknown>) : to.notify_email;
    if (!notifyEmailOn(prefs, plan.pref)) continue;
    const lang = mailLocale(to.locale || DEFAULT_LOCALE);
    const t = mailText(lang);
    const { subject, text } = letter(lang, `mail.notice.${plan.mail}`, {
      name: to.first_name,
      who: `${about.first_name} ${about.last_name}`.trim(),
      event: plan.event,
      when: plan.where ? `${plan.when(lang)}, ${plan.where}` : plan.when(lang),
      // A line of its own, only when the person gave a reason.
      reason: plan.reason ? `\n${t('mail.notice.reason', { reason: plan.reason })}` : '',
      link: `${deps.config.publicUrl}${plan.path(lang)}`,
    });
    await sendMail(deps.config, { to: to.email, subject, text: `${text}\n\n${t('mail.notice.settings')}\n\nFoyer`, attachments: [] });
    sent += 1;
  }
  return sent;
}

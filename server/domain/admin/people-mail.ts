import type { InviteRole } from '../../../contract/admin-people.ts';
import type { Locale } from '../../../contract/constants.ts';
import type { Config } from '../../config.ts';
import { sendMail } from '../tickets/email.ts';

/**
 * The invitation email, through the mail path every Foyer email takes (SMTP_URL, or .eml files),
 * after the invitation committed, in the language of the inviting organiser's device. An address
 * with an account is told it has the role and where to find the event; one without gets the
 * sign-up link, its token in the URL fragment like the account links (never sent to a server by
 * a browser, so it stays out of logs and Referer headers).
 */

export interface Invitation {
  event: string;
  eventId: number;
  role: InviteRole;
  to: string;
  /** The sign-up link's token; null when the address already has an account and the role is given. */
  token: string | null;
}

const ROLE: Record<Locale, Record<InviteRole, string>> = {
  en: { attendee: 'an attendee', organizer: 'a co-organiser', moderator: 'a chat moderator', door: 'door staff' },
  uk: { attendee: 'учасника', organizer: 'співорганізатора', moderator: 'модератора чату', door: 'працівника на вході' },
  ru: { attendee: 'участника', organizer: 'соорганизатора', moderator: 'модератора чата', door: 'сотрудника на входе' },
  pl: { attendee: 'uczestnika', organizer: 'współorganizatora', moderator: 'moderatora czatu', door: 'obsługi wejścia' },
};

const WORDS: Record<
  Locale,
  { subject: (e: string) => string; added: (e: string, r: string, l: string) => string; signUp: (e: string, r: string, l: string) => string }
> = {
  en: {
    subject: (e) => `You are invited: ${e}`,
    added: (e, r, l) => `Hello,\n\nthe organisers of ${e} have added you as ${r}. Open it in Foyer:\n${l}\n\nFoyer`,
    signUp: (e, r, l) =>
      `Hello,\n\nthe organisers of ${e} invite you as ${r}. Create your Foyer account with this link:\n${l}\n\nThe link works for 30 days.\n\nFoyer`,
  },
  uk: {
    subject: (e) => `Запрошення: ${e}`,
    added: (e, r, l) => `Вітаємо!\n\nОрганізатори події ${e} додали вас як ${r}. Відкрийте її у Foyer:\n${l}\n\nFoyer`,
    signUp: (e, r, l) =>
      `Вітаємо!\n\nОрганізатори події ${e} запрошують вас як ${r}. Створіть обліковий запис Foyer за посиланням:\n${l}\n\nПосилання дійсне 30 днів.\n\nFoyer`,
  },
  ru: {
    subject: (e) => `Приглашение: ${e}`,
    added: (e, r, l) => `Здравствуйте!\n\nОрганизаторы события ${e} добавили вас как ${r}. Откройте его в Foyer:\n${l}\n\nFoyer`,
    signUp: (e, r, l) =>
      `Здравствуйте!\n\nОрганизаторы события ${e} приглашают вас как ${r}. Создайте аккаунт Foyer по ссылке:\n${l}\n\nСсылка действует 30 дней.\n\nFoyer`,
  },
  pl: {
    subject: (e) => `Zaproszenie: ${e}`,
    added: (e, r, l) => `Dzień dobry,\n\norganizatorzy wydarzenia ${e} dodali Cię jako ${r}. Otwórz je w Foyer:\n${l}\n\nFoyer`,
    signUp: (e, r, l) =>
      `Dzień dobry,\n\norganizatorzy wydarzenia ${e} zapraszają Cię jako ${r}. Załóż konto Foyer, korzystając z tego linku:\n${l}\n\nLink działa przez 30 dni.\n\nFoyer`,
  },
};

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>;

export async function mailInvitation(config: MailConfig, lang: Locale, i: Invitation, log: { warn(obj: unknown, msg?: string): void }): Promise<void> {
  const words = WORDS[lang];
  const role = ROLE[lang][i.role];
  const link = i.token
    ? `${config.publicUrl}/${lang}/signup#invite=${i.token}`
    : `${config.publicUrl}/${lang}${i.role === 'attendee' ? `/events/${i.eventId}` : `/admin/events/${i.eventId}`}`;
  try {
    await sendMail(config, {
      to: i.to,
      subject: words.subject(i.event),
      text: i.token ? words.signUp(i.event, role, link) : words.added(i.event, role, link),
      attachments: [],
    });
  } catch (err) {
    log.warn({ err }, 'an invitation email was not sent');
  }
}

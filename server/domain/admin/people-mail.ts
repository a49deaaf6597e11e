import type { InvitationRole } from '../../../contract/admin-people.ts';
import type { Locale } from '../../../contract/constants.ts';
import type { Config } from '../../config.ts';
import { sendMail } from '../tickets/email.ts';

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

const ROLE: Record<Locale, Record<InvitationRole, string>> = {
  en: { attendee: 'an attendee', organizer: 'a co-organiser', moderator: 'a chat moderator', door: 'door staff', stand: 'a member of the stand' },
  uk: {
    attendee: 'учасника',
    organizer: 'співорганізатора',
    moderator: 'модератора чату',
    door: 'працівника на вході',
    stand: 'учасника команди стенду',
  },
  ru: {
    attendee: 'участника',
    organizer: 'соорганизатора',
    moderator: 'модератора чата',
    door: 'сотрудника на входе',
    stand: 'участника команды стенда',
  },
  pl: { attendee: 'uczestnika', organizer: 'współorganizatora', moderator: 'moderatora czatu', door: 'obsługi wejścia', stand: 'członka zespołu stoiska' },
};

const QUOTE: Record<Locale, (s: string) => string> = { en: (s) => `“${s}”`, uk: (s) => `«${s}»`, ru: (s) => `«${s}»`, pl: (s) => `„${s}”` };

interface Words {
  subject: string;
  body: (who: string, event: string, role: string, link: string) => string;
  someone: string;
}

const WORDS: Record<Locale, Words> = {
  en: {
    subject: 'An invitation to an event on Foyer',
    someone: 'An organiser',
    body: (who, e, r, l) =>
      `Hello,\n\n${who} invites you to ${e} as ${r}. To accept, open this link, then sign in or create your Foyer account with this address:\n${l}\n\nThe link works for 30 days. If you do not expect this invitation, ignore this email: nothing changes until you accept.\n\nFoyer`,
  },
  uk: {
    subject: 'Запрошення на подію у Foyer',
    someone: 'Організатор',
    body: (who, e, r, l) =>
      `Вітаємо!\n\n${who} запрошує вас на подію ${e} як ${r}. Щоб прийняти запрошення, відкрийте посилання, а тоді увійдіть або створіть обліковий запис Foyer з цією адресою:\n${l}\n\nПосилання дійсне 30 днів. Якщо ви не чекали на це запрошення, просто не зважайте на лист: поки ви не приймете запрошення, нічого не зміниться.\n\nFoyer`,
  },
  ru: {
    subject: 'Приглашение на событие в Foyer',
    someone: 'Организатор',
    body: (who, e, r, l) =>
      `Здравствуйте!\n\n${who} приглашает вас на событие ${e} как ${r}. Чтобы принять приглашение, откройте ссылку, а затем войдите или создайте аккаунт Foyer с этим адресом:\n${l}\n\nСсылка действует 30 дней. Если вы не ждали этого приглашения, просто не обращайте внимания на письмо: пока вы не примете приглашение, ничего не изменится.\n\nFoyer`,
  },
  pl: {
    subject: 'Zaproszenie na wydarzenie w Foyer',
    someone: 'Organizator',
    body: (who, e, r, l) =>
      `Dzień dobry,\n\n${who} zaprasza Cię na wydarzenie ${e} jako ${r}. Aby przyjąć zaproszenie, otwórz ten link, a potem zaloguj się lub załóż konto Foyer z tym adresem:\n${l}\n\nLink działa przez 30 dni. Jeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość: nic się nie zmieni, dopóki go nie przyjmiesz.\n\nFoyer`,
  },
};

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>;

/** The invitation's link: its page (src/features/account/InvitationPage.tsx) previews and accepts it. */
export function invitationLink(publicUrl: string, lang: Locale, token: string): string {
  return `${publicUrl}/${lang}/invitation#invite=${token}`;
}

export async function mailInvitation(config: MailConfig, deviceLang: Locale, i: Invitation, log: { warn(obj: unknown, msg?: string): void }): Promise<void> {
  const lang = i.locale ?? deviceLang;
  const words = WORDS[lang];
  const role = i.stand ? `${ROLE[lang].stand} ${QUOTE[lang](i.stand)}` : ROLE[lang][i.role];
  try {
    await sendMail(config, {
      to: i.to,
      subject: words.subject,
      text: words.body(i.from || words.someone, i.event, role, invitationLink(config.publicUrl, lang, i.token)),
      attachments: [],
    });
  } catch (err) {
    log.warn({ err }, 'an invitation email was not sent');
  }
}

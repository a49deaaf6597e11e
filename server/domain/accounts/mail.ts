import type { Config } from '../../config.ts';
import { withJobs, type AfterCommitJob, type Effect } from '../effects.ts';
import { sendMail, type MailResult } from '../tickets/email.ts';
import { mailLocale, type MailLocale } from '../tickets/i18n.ts';
import type { MailOrder } from './links.ts';

/**
 * The account emails (sign-up, password reset, email change and its undo link to the old
 * address), in the language the person used.
 * Each carries its link in the URL's fragment (`#token=…`): a fragment never reaches a server, so
 * the token stays out of access logs, proxies and Referer headers; the page posts it.
 */

export type AccountMail = 'verify' | 'exists' | 'reset' | 'email_change' | 'email_changed';

interface MailWords {
  subject: string;
  /** `detail`: the new address, for email_changed (whose link is the undo link). */
  body: (name: string, link: string, detail: string) => string;
}

const SIGN = '\n\nFoyer';

const WORDS: Record<MailLocale, Record<AccountMail, MailWords>> = {
  en: {
    verify: {
      subject: 'Confirm your email for Foyer',
      body: (n, l) =>
        `Hello ${n},\n\nplease confirm your email address by opening this link:\n${l}\n\nThe link works for 7 days. If you did not sign up for Foyer, ignore this email.${SIGN}`,
    },
    exists: {
      subject: 'You already have a Foyer account',
      body: (n, l) =>
        `Hello ${n},\n\nsomebody, perhaps you, tried to sign up for Foyer with this address. You already have an account with it: sign in, or choose a new password here:\n${l}\n\nIf it was not you, ignore this email; nothing has changed.${SIGN}`,
    },
    reset: {
      subject: 'Choose a new Foyer password',
      body: (n, l) =>
        `Hello ${n},\n\nopen this link to choose a new password:\n${l}\n\nThe link works once, for one hour. Choosing a new password signs you out everywhere else. If you did not ask for it, ignore this email.${SIGN}`,
    },
    email_change: {
      subject: 'Confirm your new email for Foyer',
      body: (n, l) =>
        `Hello ${n},\n\nopen this link to make this your Foyer sign-in address:\n${l}\n\nThe link works for 7 days. If you did not ask for it, ignore this email.${SIGN}`,
    },
    email_changed: {
      subject: 'Your Foyer email was changed',
      body: (n, l, e) =>
        `Hello ${n},\n\nyour Foyer account now signs in with ${e}.\n\nIf you did not do this, open this link: it gives your account this address back, signs it out on every device and lets you choose a new password.\n${l}\n\nThe link works for 7 days.${SIGN}`,
    },
  },
  uk: {
    verify: {
      subject: 'Підтвердьте свою пошту у Foyer',
      body: (n, l) =>
        `Вітаємо, ${n}!\n\nПідтвердьте свою адресу, відкривши посилання:\n${l}\n\nПосилання дійсне 7 днів. Якщо ви не реєструвалися у Foyer, просто проігноруйте цей лист.${SIGN}`,
    },
    exists: {
      subject: 'У вас уже є обліковий запис Foyer',
      body: (n, l) =>
        `Вітаємо, ${n}!\n\nХтось, можливо ви, намагався зареєструватися у Foyer з цією адресою. Обліковий запис з нею вже є: увійдіть або оберіть новий пароль тут:\n${l}\n\nЯкщо це були не ви, проігноруйте лист: нічого не змінилося.${SIGN}`,
    },
    reset: {
      subject: 'Новий пароль для Foyer',
      body: (n, l) =>
        `Вітаємо, ${n}!\n\nВідкрийте посилання, щоб обрати новий пароль:\n${l}\n\nПосилання спрацює один раз протягом години. Новий пароль завершить усі інші ваші сеанси. Якщо ви цього не просили, проігноруйте лист.${SIGN}`,
    },
    email_change: {
      subject: 'Підтвердьте нову пошту для Foyer',
      body: (n, l) =>
        `Вітаємо, ${n}!\n\nВідкрийте посилання, щоб входити у Foyer з цією адресою:\n${l}\n\nПосилання дійсне 7 днів. Якщо ви цього не просили, проігноруйте лист.${SIGN}`,
    },
    email_changed: {
      subject: 'Пошту вашого облікового запису Foyer змінено',
      body: (n, l, e) =>
        `Вітаємо, ${n}!\n\nТепер ви входите у Foyer з адресою ${e}.\n\nЯкщо це зробили не ви, відкрийте це посилання: воно поверне обліковому запису цю адресу, завершить усі сеанси на всіх пристроях і дасть змогу обрати новий пароль.\n${l}\n\nПосилання дійсне 7 днів.${SIGN}`,
    },
  },
  ru: {
    verify: {
      subject: 'Подтвердите свою почту в Foyer',
      body: (n, l) =>
        `Здравствуйте, ${n}!\n\nПодтвердите свой адрес, открыв ссылку:\n${l}\n\nСсылка действует 7 дней. Если вы не регистрировались в Foyer, просто проигнорируйте это письмо.${SIGN}`,
    },
    exists: {
      subject: 'У вас уже есть аккаунт Foyer',
      body: (n, l) =>
        `Здравствуйте, ${n}!\n\nКто-то, возможно вы, пытался зарегистрироваться в Foyer с этим адресом. Аккаунт с ним уже есть: войдите или выберите новый пароль здесь:\n${l}\n\nЕсли это были не вы, проигнорируйте письмо: ничего не изменилось.${SIGN}`,
    },
    reset: {
      subject: 'Новый пароль для Foyer',
      body: (n, l) =>
        `Здравствуйте, ${n}!\n\nОткройте ссылку, чтобы выбрать новый пароль:\n${l}\n\nСсылка сработает один раз в течение часа. Новый пароль завершит все остальные ваши сеансы. Если вы этого не просили, проигнорируйте письмо.${SIGN}`,
    },
    email_change: {
      subject: 'Подтвердите новую почту для Foyer',
      body: (n, l) =>
        `Здравствуйте, ${n}!\n\nОткройте ссылку, чтобы входить в Foyer с этим адресом:\n${l}\n\nСсылка действует 7 дней. Если вы этого не просили, проигнорируйте письмо.${SIGN}`,
    },
    email_changed: {
      subject: 'Почта вашего аккаунта Foyer изменена',
      body: (n, l, e) =>
        `Здравствуйте, ${n}!\n\nТеперь вы входите в Foyer с адресом ${e}.\n\nЕсли это сделали не вы, откройте эту ссылку: она вернёт аккаунту этот адрес, завершит все сеансы на всех устройствах и позволит выбрать новый пароль.\n${l}\n\nСсылка действует 7 дней.${SIGN}`,
    },
  },
  pl: {
    verify: {
      subject: 'Potwierdź swój e-mail w Foyer',
      body: (n, l) =>
        `Dzień dobry, ${n}!\n\nPotwierdź swój adres, otwierając ten link:\n${l}\n\nLink działa przez 7 dni. Jeśli nie zakładałeś konta w Foyer, zignoruj tę wiadomość.${SIGN}`,
    },
    exists: {
      subject: 'Masz już konto w Foyer',
      body: (n, l) =>
        `Dzień dobry, ${n}!\n\nKtoś, być może Ty, próbował założyć konto w Foyer z tym adresem. Konto z tym adresem już istnieje: zaloguj się albo ustaw nowe hasło tutaj:\n${l}\n\nJeśli to nie Ty, zignoruj tę wiadomość: nic się nie zmieniło.${SIGN}`,
    },
    reset: {
      subject: 'Nowe hasło do Foyer',
      body: (n, l) =>
        `Dzień dobry, ${n}!\n\nOtwórz ten link, aby ustawić nowe hasło:\n${l}\n\nLink działa raz, przez godzinę. Nowe hasło wyloguje Cię ze wszystkich innych urządzeń. Jeśli o to nie prosiłeś, zignoruj tę wiadomość.${SIGN}`,
    },
    email_change: {
      subject: 'Potwierdź nowy e-mail w Foyer',
      body: (n, l) =>
        `Dzień dobry, ${n}!\n\nOtwórz ten link, aby logować się do Foyer tym adresem:\n${l}\n\nLink działa przez 7 dni. Jeśli o to nie prosiłeś, zignoruj tę wiadomość.${SIGN}`,
    },
    email_changed: {
      subject: 'Zmieniono e-mail Twojego konta Foyer',
      body: (n, l, e) =>
        `Dzień dobry, ${n}!\n\nTwoje konto Foyer loguje się teraz adresem ${e}.\n\nJeśli to nie Ty, otwórz ten link: przywróci kontu ten adres, wyloguje je ze wszystkich urządzeń i pozwoli ustawić nowe hasło.\n${l}\n\nLink działa przez 7 dni.${SIGN}`,
    },
  },
};

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

export function accountMail(config: MailConfig, kind: AccountMail, lang: MailLocale, to: string, name: string, link: string, detail = ''): Promise<MailResult> {
  const words = WORDS[lang][kind];
  return sendMail(config, { to, subject: words.subject, text: words.body(name, link, detail), attachments: [] });
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

import type { MailLocale } from '../tickets/i18n.ts';

/**
 * The words of the notice emails (a meeting asked for, answered, changed or called off, a new
 * message), in the recipient's language. They say what the in-app notice says and where to act.
 */

export interface NoticeFacts {
  /** The recipient's first name. */
  name: string;
  /** The other person's full name. */
  who: string;
  event: string;
  /** The meeting's time in the event's zone, or its day for an any-time request. */
  when: string;
  reason: string;
  link: string;
}

type Words = { subject: (f: NoticeFacts) => string; body: (f: NoticeFacts) => string };
export type NoticeMailKind = 'request' | 'change' | 'approved' | 'rejected' | 'cancelled' | 'organiserCancelled' | 'message';

const hi = { en: 'Hello', uk: 'Вітаємо', ru: 'Здравствуйте', pl: 'Dzień dobry' };
const greet = (l: MailLocale, n: string) => `${hi[l]}${n ? `, ${n}` : ''}${l === 'en' || l === 'pl' ? ',' : '!'}`;
const why = (f: NoticeFacts, label: string) => (f.reason ? `\n${label}: ${f.reason}` : '');

export const NOTICE_WORDS: Record<MailLocale, Record<NoticeMailKind, Words> & { settings: string }> = {
  en: {
    settings: 'Which of these come by email is yours to choose in Foyer’s settings.',
    request: {
      subject: (f) => `${f.who} asks to meet you at ${f.event}`,
      body: (f) => `${greet('en', f.name)}\n\n${f.who} asks to meet you at ${f.event}, ${f.when}.\nAccept or decline: ${f.link}`,
    },
    change: {
      subject: (f) => `${f.who} changed your meeting at ${f.event}`,
      body: (f) => `${greet('en', f.name)}\n\n${f.who} changed your meeting at ${f.event}: it is now ${f.when}.\n${f.link}`,
    },
    approved: {
      subject: (f) => `${f.who} accepted your meeting at ${f.event}`,
      body: (f) => `${greet('en', f.name)}\n\n${f.who} accepted your meeting at ${f.event}, ${f.when}.\n${f.link}`,
    },
    rejected: {
      subject: (f) => `${f.who} declined your meeting at ${f.event}`,
      body: (f) => `${greet('en', f.name)}\n\n${f.who} declined your meeting at ${f.event}, ${f.when}.${why(f, 'Reason')}\nPick another time: ${f.link}`,
    },
    cancelled: {
      subject: (f) => `${f.who} called off your meeting at ${f.event}`,
      body: (f) => `${greet('en', f.name)}\n\n${f.who} called off your meeting at ${f.event}, ${f.when}.${why(f, 'Reason')}\n${f.link}`,
    },
    organiserCancelled: {
      subject: (f) => `Meeting cancelled: ${f.event}`,
      body: (f) =>
        `${greet('en', f.name)}\n\nThe organisers of ${f.event} changed the meeting hours or places, so your meeting with ${f.who} (${f.when}) has been cancelled. You can book another time in the app.\n${f.link}`,
    },
    message: {
      subject: (f) => `A new message from ${f.who}`,
      body: (f) => `${greet('en', f.name)}\n\n${f.who} wrote to you in Foyer.\nRead and answer: ${f.link}`,
    },
  },
  uk: {
    settings: 'Які з цих повідомлень надходять поштою, ви обираєте в налаштуваннях Foyer.',
    request: {
      subject: (f) => `${f.who} пропонує зустріч на події ${f.event}`,
      body: (f) => `${greet('uk', f.name)}\n\n${f.who} пропонує вам зустрітися на події ${f.event}, ${f.when}.\nПрийняти чи відхилити: ${f.link}`,
    },
    change: {
      subject: (f) => `${f.who} змінює вашу зустріч на події ${f.event}`,
      body: (f) => `${greet('uk', f.name)}\n\n${f.who} змінює вашу зустріч на події ${f.event}: тепер це ${f.when}.\n${f.link}`,
    },
    approved: {
      subject: (f) => `${f.who} приймає вашу зустріч на події ${f.event}`,
      body: (f) => `${greet('uk', f.name)}\n\n${f.who} приймає вашу зустріч на події ${f.event}, ${f.when}.\n${f.link}`,
    },
    rejected: {
      subject: (f) => `${f.who} відхиляє вашу зустріч на події ${f.event}`,
      body: (f) => `${greet('uk', f.name)}\n\n${f.who} відхиляє вашу зустріч на події ${f.event}, ${f.when}.${why(f, 'Причина')}\nОберіть інший час: ${f.link}`,
    },
    cancelled: {
      subject: (f) => `${f.who} скасовує вашу зустріч на події ${f.event}`,
      body: (f) => `${greet('uk', f.name)}\n\n${f.who} скасовує вашу зустріч на події ${f.event}, ${f.when}.${why(f, 'Причина')}\n${f.link}`,
    },
    organiserCancelled: {
      subject: (f) => `Зустріч скасовано: ${f.event}`,
      body: (f) =>
        `${greet('uk', f.name)}\n\nОрганізатори події ${f.event} змінили години або місця зустрічей, тож вашу зустріч з ${f.who} (${f.when}) скасовано. Ви можете домовитися про інший час у застосунку.\n${f.link}`,
    },
    message: {
      subject: (f) => `Нове повідомлення від ${f.who}`,
      body: (f) => `${greet('uk', f.name)}\n\n${f.who} написав(-ла) вам у Foyer.\nПрочитати й відповісти: ${f.link}`,
    },
  },
  ru: {
    settings: 'Какие из этих уведомлений приходят по почте, вы выбираете в настройках Foyer.',
    request: {
      subject: (f) => `${f.who} предлагает встречу на событии ${f.event}`,
      body: (f) => `${greet('ru', f.name)}\n\n${f.who} предлагает вам встретиться на событии ${f.event}, ${f.when}.\nПринять или отклонить: ${f.link}`,
    },
    change: {
      subject: (f) => `${f.who} меняет вашу встречу на событии ${f.event}`,
      body: (f) => `${greet('ru', f.name)}\n\n${f.who} меняет вашу встречу на событии ${f.event}: теперь это ${f.when}.\n${f.link}`,
    },
    approved: {
      subject: (f) => `${f.who} принимает вашу встречу на событии ${f.event}`,
      body: (f) => `${greet('ru', f.name)}\n\n${f.who} принимает вашу встречу на событии ${f.event}, ${f.when}.\n${f.link}`,
    },
    rejected: {
      subject: (f) => `${f.who} отклоняет вашу встречу на событии ${f.event}`,
      body: (f) =>
        `${greet('ru', f.name)}\n\n${f.who} отклоняет вашу встречу на событии ${f.event}, ${f.when}.${why(f, 'Причина')}\nВыберите другое время: ${f.link}`,
    },
    cancelled: {
      subject: (f) => `${f.who} отменяет вашу встречу на событии ${f.event}`,
      body: (f) => `${greet('ru', f.name)}\n\n${f.who} отменяет вашу встречу на событии ${f.event}, ${f.when}.${why(f, 'Причина')}\n${f.link}`,
    },
    organiserCancelled: {
      subject: (f) => `Встреча отменена: ${f.event}`,
      body: (f) =>
        `${greet('ru', f.name)}\n\nОрганизаторы события ${f.event} изменили часы или места встреч, поэтому ваша встреча с ${f.who} (${f.when}) отменена. Вы можете договориться о другом времени в приложении.\n${f.link}`,
    },
    message: {
      subject: (f) => `Новое сообщение от ${f.who}`,
      body: (f) => `${greet('ru', f.name)}\n\n${f.who} написал(а) вам в Foyer.\nПрочитать и ответить: ${f.link}`,
    },
  },
  pl: {
    settings: 'Które z tych powiadomień przychodzą e-mailem, wybierasz w ustawieniach Foyer.',
    request: {
      subject: (f) => `${f.who} proponuje spotkanie na wydarzeniu ${f.event}`,
      body: (f) => `${greet('pl', f.name)}\n\n${f.who} proponuje Ci spotkanie na wydarzeniu ${f.event}, ${f.when}.\nPrzyjmij lub odrzuć: ${f.link}`,
    },
    change: {
      subject: (f) => `${f.who} zmienia Wasze spotkanie na wydarzeniu ${f.event}`,
      body: (f) => `${greet('pl', f.name)}\n\n${f.who} zmienia Wasze spotkanie na wydarzeniu ${f.event}: teraz to ${f.when}.\n${f.link}`,
    },
    approved: {
      subject: (f) => `${f.who} przyjmuje spotkanie na wydarzeniu ${f.event}`,
      body: (f) => `${greet('pl', f.name)}\n\n${f.who} przyjmuje Wasze spotkanie na wydarzeniu ${f.event}, ${f.when}.\n${f.link}`,
    },
    rejected: {
      subject: (f) => `${f.who} odrzuca spotkanie na wydarzeniu ${f.event}`,
      body: (f) =>
        `${greet('pl', f.name)}\n\n${f.who} odrzuca Wasze spotkanie na wydarzeniu ${f.event}, ${f.when}.${why(f, 'Powód')}\nWybierz inny termin: ${f.link}`,
    },
    cancelled: {
      subject: (f) => `${f.who} odwołuje spotkanie na wydarzeniu ${f.event}`,
      body: (f) => `${greet('pl', f.name)}\n\n${f.who} odwołuje Wasze spotkanie na wydarzeniu ${f.event}, ${f.when}.${why(f, 'Powód')}\n${f.link}`,
    },
    organiserCancelled: {
      subject: (f) => `Spotkanie odwołane: ${f.event}`,
      body: (f) =>
        `${greet('pl', f.name)}\n\norganizatorzy wydarzenia ${f.event} zmienili godziny lub miejsca spotkań, więc Twoje spotkanie z ${f.who} (${f.when}) zostało odwołane. Możesz umówić inny termin w aplikacji.\n${f.link}`,
    },
    message: {
      subject: (f) => `Nowa wiadomość od ${f.who}`,
      body: (f) => `${greet('pl', f.name)}\n\n${f.who} napisał(a) do Ciebie w Foyer.\nPrzeczytaj i odpowiedz: ${f.link}`,
    },
  },
};

export const SIGNATURE = 'Foyer';

import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../contract/constants.ts';

/**
 * Words printed on the PDF ticket and in the ticket email. They leave the app (a file, a mailbox),
 * so the server writes them in the language the user asked in, not through the client's i18next.
 */
export type MailLocale = Locale;

export function mailLocale(lang: string | undefined): MailLocale {
  const l = (lang ?? '').slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(l) ? (l as MailLocale) : DEFAULT_LOCALE;
}

export interface Words {
  ticket: string;
  when: string;
  where: string;
  online: string;
  holder: string;
  company: string;
  type: string;
  price: string;
  free: string;
  /** The type of the ticket registering for a free event gives. */
  registration: string;
  status: string;
  cancelled: string;
  invalid: string;
  instructions: string;
  sponsors: string;
  /** Above the printed badge, which is cut out of the sheet. */
  badge: string;
  cutOut: string;
  subject: (event: string) => string;
  /** `price` comes from formatPrice, the same words the PDF prints. */
  body: (name: string, event: string, when: string, price: string) => string;
}

const WORDS: Record<MailLocale, Words> = {
  en: {
    ticket: 'Ticket',
    when: 'Date and time',
    where: 'Place',
    online: 'Online',
    holder: 'Holder',
    company: 'Company',
    type: 'Ticket type',
    price: 'Price',
    free: 'Free',
    registration: 'Registration',
    status: 'Status',
    cancelled: 'Cancelled',
    invalid: 'Not valid',
    instructions: 'Before you go',
    sponsors: 'Sponsors',
    badge: 'Badge',
    cutOut: 'cut along the dashed line',
    subject: (e) => `Your ticket: ${e}`,
    body: (n, e, w, p) => `Hello ${n},\n\nyour ticket to "${e}" (${w}; price: ${p}) is attached as a PDF. Show its QR code at the entrance.\n\nFoyer`,
  },
  uk: {
    ticket: 'Квиток',
    when: 'Дата і час',
    where: 'Місце',
    online: 'Онлайн',
    holder: 'Власник',
    company: 'Компанія',
    type: 'Тип квитка',
    price: 'Ціна',
    free: 'Безкоштовно',
    registration: 'Реєстрація',
    status: 'Статус',
    cancelled: 'Скасовано',
    invalid: 'Недійсний',
    instructions: 'Перед відвідуванням',
    sponsors: 'Спонсори',
    badge: 'Бейдж',
    cutOut: 'виріжте по пунктирній лінії',
    subject: (e) => `Ваш квиток: ${e}`,
    body: (n, e, w, p) => `Вітаємо, ${n}!\n\nВаш квиток на «${e}» (${w}; ціна: ${p}) у вкладенні у форматі PDF. Покажіть його QR-код на вході.\n\nFoyer`,
  },
  ru: {
    ticket: 'Билет',
    when: 'Дата и время',
    where: 'Место',
    online: 'Онлайн',
    holder: 'Владелец',
    company: 'Компания',
    type: 'Тип билета',
    price: 'Цена',
    free: 'Бесплатно',
    registration: 'Регистрация',
    status: 'Статус',
    cancelled: 'Отменён',
    invalid: 'Недействителен',
    instructions: 'Перед посещением',
    sponsors: 'Спонсоры',
    badge: 'Бейдж',
    cutOut: 'вырежьте по пунктирной линии',
    subject: (e) => `Ваш билет: ${e}`,
    body: (n, e, w, p) => `Здравствуйте, ${n}!\n\nВаш билет на «${e}» (${w}; цена: ${p}) во вложении в формате PDF. Покажите его QR-код на входе.\n\nFoyer`,
  },
  pl: {
    ticket: 'Bilet',
    when: 'Data i godzina',
    where: 'Miejsce',
    online: 'Online',
    holder: 'Właściciel',
    company: 'Firma',
    type: 'Rodzaj biletu',
    price: 'Cena',
    free: 'Bezpłatny',
    registration: 'Rejestracja',
    status: 'Status',
    cancelled: 'Anulowany',
    invalid: 'Nieważny',
    instructions: 'Przed wydarzeniem',
    sponsors: 'Sponsorzy',
    badge: 'Identyfikator',
    cutOut: 'wytnij wzdłuż linii przerywanej',
    subject: (e) => `Twój bilet: ${e}`,
    body: (n, e, w, p) =>
      `Dzień dobry, ${n}!\n\nTwój bilet na „${e}” (${w}; cena: ${p}) jest w załączniku w formacie PDF. Pokaż jego kod QR przy wejściu.\n\nFoyer`,
  },
};

export function labels(lang: MailLocale): Words {
  return WORDS[lang];
}

import type { MailLocale } from '../tickets/i18n.ts';

/**
 * The words of the order emails in each language. Like the ticket PDF, they leave the app, so the
 * server writes them in the buyer's language (their settings, else the language they bought in).
 */

export interface OrderMailFacts {
  name: string;
  event: string;
  when: string;
  code: string;
  total: string;
  /** One line per ticket: type, attendee, price. */
  lines: string;
  /** For a pending transfer: the organiser's instructions and the deadline. */
  instructions: string;
  deadline: string;
  method: string;
}

export interface OrderMailWords {
  paid: { subject: (f: OrderMailFacts) => string; body: (f: OrderMailFacts) => string };
  awaiting: { subject: (f: OrderMailFacts) => string; body: (f: OrderMailFacts) => string };
  cancelled: { subject: (f: OrderMailFacts) => string; body: (f: OrderMailFacts) => string };
  refunded: { subject: (f: OrderMailFacts) => string; body: (f: OrderMailFacts) => string };
  expired: { subject: (f: OrderMailFacts) => string; body: (f: OrderMailFacts) => string };
  /** How a refund reaches the buyer, by payment method. */
  refundCard: string;
  refundTransfer: string;
}

const SIGN = '\n\nFoyer';

export const ORDER_MAIL_WORDS: Record<MailLocale, OrderMailWords> = {
  en: {
    paid: {
      subject: (f) => `Your tickets: ${f.event} (order ${f.code})`,
      body: (f) =>
        `Hello${f.name ? `, ${f.name}` : ''},\n\nyour order ${f.code} for ${f.event} (${f.when}) is confirmed.\n\n${f.lines}\nTotal: ${f.total}\n\nEach ticket is attached as a PDF. They are also in My tickets in Foyer, where the QR code shows offline.${SIGN}`,
    },
    awaiting: {
      subject: (f) => `How to pay for order ${f.code}: ${f.event}`,
      body: (f) =>
        `Hello${f.name ? `, ${f.name}` : ''},\n\nyour order ${f.code} for ${f.event} (${f.when}) holds these tickets until ${f.deadline}:\n\n${f.lines}\nTo pay: ${f.total}, with ${f.code} as the reference.\n\nHow to pay, as the organisers say:\n${f.instructions}\n\nThe tickets come to you once the organisers see the payment. Unpaid by then, the order expires and the tickets go back on sale.${SIGN}`,
    },
    cancelled: {
      subject: (f) => `Order ${f.code} cancelled: ${f.event}`,
      body: (f) =>
        `Hello${f.name ? `, ${f.name}` : ''},\n\nthe organisers of ${f.event} (${f.when}) have cancelled your order ${f.code}:\n\n${f.lines}\nIts tickets are no longer valid at the door. For questions, write to the organisers.${SIGN}`,
    },
    refunded: {
      subject: (f) => `Order ${f.code} refunded: ${f.event}`,
      body: (f) =>
        `Hello${f.name ? `, ${f.name}` : ''},\n\nyour order ${f.code} for ${f.event} (${f.when}) has been refunded: ${f.total}. ${f.method}\n\n${f.lines}\nIts tickets are no longer valid at the door.${SIGN}`,
    },
    expired: {
      subject: (f) => `Order ${f.code} expired: ${f.event}`,
      body: (f) =>
        `Hello${f.name ? `, ${f.name}` : ''},\n\nyour order ${f.code} for ${f.event} was not paid in time, so it has expired and its tickets went back on sale:\n\n${f.lines}\nYou can order again in Foyer while tickets are left.${SIGN}`,
    },
    refundCard: 'The money goes back to the card you paid with; banks take a few days to show it.',
    refundTransfer: 'The organisers return the money the way you paid it.',
  },
  uk: {
    paid: {
      subject: (f) => `Ваші квитки: ${f.event} (замовлення ${f.code})`,
      body: (f) =>
        `Вітаємо${f.name ? `, ${f.name}` : ''}!\n\nВаше замовлення ${f.code} на подію ${f.event} (${f.when}) підтверджено.\n\n${f.lines}\nРазом: ${f.total}\n\nКожен квиток додано до листа у PDF. Вони також є в розділі «Мої квитки» у Foyer, де QR-код показується й без мережі.${SIGN}`,
    },
    awaiting: {
      subject: (f) => `Як оплатити замовлення ${f.code}: ${f.event}`,
      body: (f) =>
        `Вітаємо${f.name ? `, ${f.name}` : ''}!\n\nВаше замовлення ${f.code} на подію ${f.event} (${f.when}) утримує ці квитки до ${f.deadline}:\n\n${f.lines}\nДо сплати: ${f.total}, у призначенні платежу вкажіть ${f.code}.\n\nЯк оплатити, за словами організаторів:\n${f.instructions}\n\nКвитки надійдуть, щойно організатори побачать оплату. Якщо до того часу оплати не буде, замовлення втратить чинність, а квитки повернуться у продаж.${SIGN}`,
    },
    cancelled: {
      subject: (f) => `Замовлення ${f.code} скасовано: ${f.event}`,
      body: (f) =>
        `Вітаємо${f.name ? `, ${f.name}` : ''}!\n\nОрганізатори події ${f.event} (${f.when}) скасували ваше замовлення ${f.code}:\n\n${f.lines}\nЙого квитки більше не дійсні на вході. З питаннями звертайтеся до організаторів.${SIGN}`,
    },
    refunded: {
      subject: (f) => `Кошти за замовлення ${f.code} повернуто: ${f.event}`,
      body: (f) =>
        `Вітаємо${f.name ? `, ${f.name}` : ''}!\n\nКошти за ваше замовлення ${f.code} на подію ${f.event} (${f.when}) повернуто: ${f.total}. ${f.method}\n\n${f.lines}\nЙого квитки більше не дійсні на вході.${SIGN}`,
    },
    expired: {
      subject: (f) => `Замовлення ${f.code} втратило чинність: ${f.event}`,
      body: (f) =>
        `Вітаємо${f.name ? `, ${f.name}` : ''}!\n\nВаше замовлення ${f.code} на подію ${f.event} не оплачено вчасно, тож воно втратило чинність, а квитки повернулися у продаж:\n\n${f.lines}\nПоки квитки є, ви можете замовити знову у Foyer.${SIGN}`,
    },
    refundCard: 'Кошти повернуться на картку, якою ви платили; банки показують їх за кілька днів.',
    refundTransfer: 'Організатори повернуть кошти тим способом, яким ви платили.',
  },
  ru: {
    paid: {
      subject: (f) => `Ваши билеты: ${f.event} (заказ ${f.code})`,
      body: (f) =>
        `Здравствуйте${f.name ? `, ${f.name}` : ''}!\n\nВаш заказ ${f.code} на событие ${f.event} (${f.when}) подтверждён.\n\n${f.lines}\nИтого: ${f.total}\n\nКаждый билет приложен к письму в PDF. Они также есть в разделе «Мои билеты» в Foyer, где QR-код показывается и без сети.${SIGN}`,
    },
    awaiting: {
      subject: (f) => `Как оплатить заказ ${f.code}: ${f.event}`,
      body: (f) =>
        `Здравствуйте${f.name ? `, ${f.name}` : ''}!\n\nВаш заказ ${f.code} на событие ${f.event} (${f.when}) удерживает эти билеты до ${f.deadline}:\n\n${f.lines}\nК оплате: ${f.total}, в назначении платежа укажите ${f.code}.\n\nКак оплатить, по словам организаторов:\n${f.instructions}\n\nБилеты придут, как только организаторы увидят оплату. Если к этому времени оплаты не будет, заказ истечёт, а билеты вернутся в продажу.${SIGN}`,
    },
    cancelled: {
      subject: (f) => `Заказ ${f.code} отменён: ${f.event}`,
      body: (f) =>
        `Здравствуйте${f.name ? `, ${f.name}` : ''}!\n\nОрганизаторы события ${f.event} (${f.when}) отменили ваш заказ ${f.code}:\n\n${f.lines}\nЕго билеты больше не действительны на входе. С вопросами обращайтесь к организаторам.${SIGN}`,
    },
    refunded: {
      subject: (f) => `Деньги за заказ ${f.code} возвращены: ${f.event}`,
      body: (f) =>
        `Здравствуйте${f.name ? `, ${f.name}` : ''}!\n\nДеньги за ваш заказ ${f.code} на событие ${f.event} (${f.when}) возвращены: ${f.total}. ${f.method}\n\n${f.lines}\nЕго билеты больше не действительны на входе.${SIGN}`,
    },
    expired: {
      subject: (f) => `Заказ ${f.code} истёк: ${f.event}`,
      body: (f) =>
        `Здравствуйте${f.name ? `, ${f.name}` : ''}!\n\nВаш заказ ${f.code} на событие ${f.event} не был оплачен вовремя, поэтому он истёк, а билеты вернулись в продажу:\n\n${f.lines}\nПока билеты есть, вы можете заказать снова в Foyer.${SIGN}`,
    },
    refundCard: 'Деньги вернутся на карту, которой вы платили; банки показывают их через несколько дней.',
    refundTransfer: 'Организаторы вернут деньги тем способом, которым вы платили.',
  },
  pl: {
    paid: {
      subject: (f) => `Twoje bilety: ${f.event} (zamówienie ${f.code})`,
      body: (f) =>
        `Dzień dobry${f.name ? `, ${f.name}` : ''},\n\nTwoje zamówienie ${f.code} na wydarzenie ${f.event} (${f.when}) zostało potwierdzone.\n\n${f.lines}\nRazem: ${f.total}\n\nKażdy bilet jest w załączniku jako PDF. Są też w Moich biletach w Foyer, gdzie kod QR wyświetla się także bez sieci.${SIGN}`,
    },
    awaiting: {
      subject: (f) => `Jak zapłacić za zamówienie ${f.code}: ${f.event}`,
      body: (f) =>
        `Dzień dobry${f.name ? `, ${f.name}` : ''},\n\nTwoje zamówienie ${f.code} na wydarzenie ${f.event} (${f.when}) rezerwuje te bilety do ${f.deadline}:\n\n${f.lines}\nDo zapłaty: ${f.total}, w tytule przelewu podaj ${f.code}.\n\nJak zapłacić, według organizatorów:\n${f.instructions}\n\nBilety przyjdą, gdy organizatorzy zobaczą wpłatę. Bez wpłaty do tego czasu zamówienie wygaśnie, a bilety wrócą do sprzedaży.${SIGN}`,
    },
    cancelled: {
      subject: (f) => `Zamówienie ${f.code} anulowane: ${f.event}`,
      body: (f) =>
        `Dzień dobry${f.name ? `, ${f.name}` : ''},\n\norganizatorzy wydarzenia ${f.event} (${f.when}) anulowali Twoje zamówienie ${f.code}:\n\n${f.lines}\nJego bilety nie są już ważne przy wejściu. W razie pytań napisz do organizatorów.${SIGN}`,
    },
    refunded: {
      subject: (f) => `Zwrot za zamówienie ${f.code}: ${f.event}`,
      body: (f) =>
        `Dzień dobry${f.name ? `, ${f.name}` : ''},\n\nza Twoje zamówienie ${f.code} na wydarzenie ${f.event} (${f.when}) dokonano zwrotu: ${f.total}. ${f.method}\n\n${f.lines}\nJego bilety nie są już ważne przy wejściu.${SIGN}`,
    },
    expired: {
      subject: (f) => `Zamówienie ${f.code} wygasło: ${f.event}`,
      body: (f) =>
        `Dzień dobry${f.name ? `, ${f.name}` : ''},\n\nTwoje zamówienie ${f.code} na wydarzenie ${f.event} nie zostało opłacone na czas, więc wygasło, a bilety wróciły do sprzedaży:\n\n${f.lines}\nMożesz zamówić ponownie w Foyer, póki są bilety.${SIGN}`,
    },
    refundCard: 'Pieniądze wrócą na kartę, którą płaciłeś; banki pokazują je po kilku dniach.',
    refundTransfer: 'Organizatorzy zwrócą pieniądze w sposób, w jaki zapłaciłeś.',
  },
};

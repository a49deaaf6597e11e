import { CURRENCY_BY_LOCALE, type Locale } from '../../../contract/constants.ts';
import { formatMoney } from '../../../contract/money.ts';

/**
 * How prices are shown (decided here, in one place):
 *
 * The ticket is sold in the event's own currency (`event.currency`), so that is the price we show:
 * a visitor must see what checkout will charge. The specs also want prices "in the currency of the
 * language" (CURRENCY_BY_LOCALE). When the two differ we add an approximate amount in the language's
 * currency, marked "≈", computed from the fixed reference rates below. They are not live rates: they
 * only help a visitor judge the price, and they are never used for anything that is charged.
 *
 * US dollars per one unit of each currency, as set when this table was last edited (2025).
 * A currency missing here simply gets no approximate amount.
 */
export const REFERENCE_RATES_USD: Readonly<Record<string, number>> = {
  USD: 1,
  UAH: 0.024,
  RUB: 0.0125,
  PLN: 0.27,
  EUR: 1.16,
};

export type PriceView =
  | { kind: 'free' }
  /** `amount` in the event's currency; `approx` in the language's currency when it differs. */
  | { kind: 'paid'; amount: string; approx: string | null };

export interface PricedEvent {
  is_free: boolean;
  ticket_min_price: number;
  currency: string;
  /** The ticket types buyers may see, as the event document carries them (contract/sales.ts). */
  sales?: { currency: string; types: readonly { price: number; sold_out: boolean }[] };
}

/**
 * The lowest price a buyer can still pay, from the types on the device: the sold-out ones count
 * only when every type is sold out (the card still says what the event cost). Null without types,
 * where the event's own price fields are all there is.
 */
export function lowestTypePrice(event: PricedEvent): number | null {
  const types = event.sales?.types ?? [];
  if (types.length === 0) return null;
  const open = types.filter((t) => !t.sold_out);
  return Math.min(...(open.length > 0 ? open : types).map((t) => t.price));
}

export function convertApprox(amount: number, from: string, to: string): number | null {
  const fromRate = REFERENCE_RATES_USD[from];
  const toRate = REFERENCE_RATES_USD[to];
  if (fromRate === undefined || toRate === undefined) return null;
  // Whole units: an approximation shown to the cent would claim a precision it does not have.
  return Math.round((amount * fromRate) / toRate);
}

/**
 * The price line of an event, or null when there is nothing honest to show (not free, but no price
 * set: tickets are not on sale yet).
 */
export function priceView(event: PricedEvent, locale: Locale): PriceView | null {
  // An event priced by its ticket types: the types say it, since the event's own fields may be
  // blank (an event made "paid" before its types) or say "free" while its types are sold.
  const fromTypes = lowestTypePrice(event);
  if (fromTypes !== null && event.sales?.types.every((t) => t.price <= 0)) return { kind: 'free' };
  if (fromTypes === null && event.is_free) return { kind: 'free' };
  const price = fromTypes ?? event.ticket_min_price;
  if (fromTypes === null && !(price > 0)) return null;
  // The server always sets a currency; should one be missing, the language's is the likeliest reading.
  const currency = ((fromTypes !== null ? event.sales?.currency : '') || event.currency || CURRENCY_BY_LOCALE[locale]).toUpperCase();
  const amount = formatMoney(price, currency, locale);
  const target = CURRENCY_BY_LOCALE[locale];
  if (currency === target) return { kind: 'paid', amount, approx: null };
  const converted = convertApprox(price, currency, target);
  return { kind: 'paid', amount, approx: converted === null ? null : formatMoney(converted, target, locale) };
}

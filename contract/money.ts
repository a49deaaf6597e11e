/**
 * The one way Foyer writes a price, on screens, on the printed ticket and in emails: the locale's own
 * number format with the currency placed and written as that locale does ("4 500 ₴", "UAH 4,500",
 * "$49"), so the currency appears exactly once. Whole amounts show no cents; others show two digits.
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const whole = Number.isInteger(amount);
  const code = currency.trim().toUpperCase();
  try {
    return currencyFormat(locale, code, whole).format(amount);
  } catch {
    // A code Intl refuses (not three letters) still shows the number and what the organiser entered.
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ${currency.trim()}`.trim();
  }
}

/**
 * Building a NumberFormat costs more than formatting with it, and a list of event cards prices every
 * card: one per language, currency and kind of amount. The currencies are organisers' own text, so
 * the memory is bounded.
 */
const formats = new Map<string, Intl.NumberFormat>();
const FORMATS_KEPT = 64;

function currencyFormat(locale: string, code: string, whole: boolean): Intl.NumberFormat {
  const key = `${locale}|${code}|${whole}`;
  let f = formats.get(key);
  if (!f) {
    // Throws for a code Intl refuses, before anything is kept.
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 });
    if (formats.size >= FORMATS_KEPT) formats.clear();
    formats.set(key, f);
  }
  return f;
}

/** True when the amount has no more decimals than the currency uses (no cents on a yen price). */
export function fitsCurrency(amount: number, currency: string): boolean {
  const scale = 10 ** currencyExponent(currency);
  return Math.abs(Math.round(amount * scale) - amount * scale) < 1e-6;
}

/** Digits after the decimal point the currency is charged in (2 for most, 0 for a few). */
export function currencyExponent(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

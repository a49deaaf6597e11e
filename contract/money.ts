/**
 * The one way Foyer writes a price, on screens, on the printed ticket and in emails: the locale's own
 * number format with the currency placed and written as that locale does ("4 500 ₴", "UAH 4,500",
 * "$49"), so the currency appears exactly once. Whole amounts show no cents; others show two digits.
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const whole = Number.isInteger(amount);
  const code = currency.trim().toUpperCase();
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(amount);
  } catch {
    // A code Intl refuses (not three letters) still shows the number and what the organiser entered.
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ${currency.trim()}`.trim();
  }
}

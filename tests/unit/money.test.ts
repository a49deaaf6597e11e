import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../contract/money.ts';

/** Spaces as a reader sees them: Intl puts no-break spaces between digits and signs. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney: one price format for screens, the PDF and emails', () => {
  it('names the currency once, as each language writes it', () => {
    expect(plain(formatMoney(4500, 'UAH', 'uk'))).toBe('4 500 ₴');
    expect(plain(formatMoney(4500, 'UAH', 'en'))).toBe('UAH 4,500');
    expect(plain(formatMoney(49, 'USD', 'en'))).toBe('$49');
    expect(plain(formatMoney(4500, 'UAH', 'pl'))).toBe('4500 UAH');
    for (const [amount, currency, locale] of [
      [4500, 'UAH', 'en'],
      [49, 'USD', 'en'],
      [4500, 'UAH', 'pl'],
      [4500, 'UAH', 'uk'],
    ] as const) {
      const s = formatMoney(amount, currency, locale);
      expect(s.split(currency).length - 1, s).toBeLessThanOrEqual(1);
    }
  });

  it('shows cents only when there are some, and takes a lower-case code', () => {
    expect(formatMoney(12.5, 'usd', 'en')).toBe('$12.50');
    expect(formatMoney(20, 'USD', 'en')).toBe('$20');
  });

  it('keeps a code Intl refuses next to the number', () => {
    expect(formatMoney(10, 'X1', 'en')).toBe('10 X1');
  });
});

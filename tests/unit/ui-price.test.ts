import { describe, expect, it } from 'vitest';
import { convertApprox, priceView, REFERENCE_RATES_USD } from '../../src/ui/format/price.ts';
import { formatMoney } from '../../contract/money.ts';

/** Intl puts narrow no-break spaces in some locales; compare with plain spaces. */
const plain = (s: string | null | undefined) => s?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('priceView', () => {
  it('says free for free events', () => {
    expect(priceView({ is_free: true, ticket_min_price: 0, currency: 'UAH' }, 'uk')).toEqual({ kind: 'free' });
  });

  it('shows nothing for a paid event without a price yet', () => {
    expect(priceView({ is_free: false, ticket_min_price: 0, currency: 'UAH' }, 'en')).toBeNull();
  });

  it('shows the event currency alone when it is the language currency', () => {
    const view = priceView({ is_free: false, ticket_min_price: 500, currency: 'UAH' }, 'uk');
    expect(view?.kind).toBe('paid');
    if (view?.kind !== 'paid') return;
    expect(plain(view.amount)).toBe('500 ₴');
    expect(view.approx).toBeNull();
  });

  it('adds an approximate amount in the language currency when they differ', () => {
    const view = priceView({ is_free: false, ticket_min_price: 500, currency: 'UAH' }, 'en');
    if (view?.kind !== 'paid') throw new Error('expected a paid price');
    expect(plain(view.amount)).toBe('UAH 500');
    expect(view.approx).toBe('$12');
  });

  it('keeps cents only when the price has them', () => {
    expect(plain(formatMoney(19.5, 'USD', 'en'))).toBe('$19.50');
    expect(plain(formatMoney(20, 'USD', 'en'))).toBe('$20');
  });

  it('survives a currency it does not know', () => {
    const view = priceView({ is_free: false, ticket_min_price: 10, currency: 'XYZ1' }, 'pl');
    if (view?.kind !== 'paid') throw new Error('expected a paid price');
    expect(view.amount).toContain('XYZ1');
    expect(view.approx).toBeNull();
  });
});

describe('reference conversion', () => {
  it('converts through US dollars and rounds to whole units', () => {
    expect(convertApprox(100, 'USD', 'USD')).toBe(100);
    expect(convertApprox(1000, 'UAH', 'USD')).toBe(Math.round(1000 * REFERENCE_RATES_USD.UAH!));
    expect(convertApprox(10, 'EUR', 'UAH')).toBe(Math.round((10 * REFERENCE_RATES_USD.EUR!) / REFERENCE_RATES_USD.UAH!));
  });

  it('gives up on currencies without a rate', () => {
    expect(convertApprox(10, 'GBP', 'USD')).toBeNull();
  });
});

describe('priceView of an event priced by its ticket types (issue 27)', () => {
  const type = (price: number, sold_out = false) => ({ price, sold_out });
  const paid = { is_free: false, ticket_min_price: 0, currency: 'UAH' };

  it('says "from" the lowest price a buyer can still pay, in the currency of the sales', () => {
    const view = priceView({ ...paid, sales: { currency: 'UAH', types: [type(900), type(300, true), type(500)] } }, 'uk');
    if (view?.kind !== 'paid') throw new Error('expected a paid price');
    expect(plain(view.amount)).toBe('500 ₴');
  });

  it('keeps the sold-out price when every type is sold out', () => {
    const view = priceView({ ...paid, sales: { currency: 'EUR', types: [type(40, true), type(25, true)] } }, 'en');
    if (view?.kind !== 'paid') throw new Error('expected a paid price');
    expect(plain(view.amount)).toBe('€25');
  });

  it('says free when every type is free, even for an event marked paid', () => {
    expect(priceView({ ...paid, sales: { currency: 'UAH', types: [type(0), type(0)] } }, 'uk')).toEqual({ kind: 'free' });
  });

  it('falls back to the event fields without types', () => {
    expect(priceView({ ...paid, sales: { currency: 'UAH', types: [] } }, 'uk')).toBeNull();
    expect(priceView({ ...paid, is_free: true, sales: { currency: 'UAH', types: [] } }, 'uk')).toEqual({ kind: 'free' });
  });
});

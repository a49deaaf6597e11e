import { describe, expect, it } from 'vitest';
import { blankPromoCode, checkPromoCode, normalisePromoCode, priceWithPromo, type PromoTerms } from '../../contract/promo.ts';

/** The arithmetic of promo codes (contract/promo.ts), which the checkout's preview and the server share. */

const percent = (value: number, type_ids: number[] = []): PromoTerms => ({ kind: 'percent', value, type_ids });
const fixed = (value: number, type_ids: number[] = []): PromoTerms => ({ kind: 'fixed', value, type_ids });
const free = (type_ids: number[] = []): PromoTerms => ({ kind: 'free', value: 100, type_ids });
const line = (type_id: number, price: number) => ({ type_id, price });

describe('priceWithPromo', () => {
  it('leaves the prices as they are without a code', () => {
    expect(priceWithPromo([line(1, 10.1), line(1, 20.2)], null, 'UAH')).toEqual({
      lines: [
        { price: 10.1, discount: 0 },
        { price: 20.2, discount: 0 },
      ],
      total: 30.3,
      discount: 0,
      uses: 0,
    });
  });

  it('takes a percentage off each ticket, rounding each half up in the smallest unit, so the total is the sum of the lines', () => {
    // 15 % of 9.99 is 1.4985: 1.50 off, 8.49 each; rounding the order's total instead would give 16.98.
    const r = priceWithPromo([line(1, 9.99), line(1, 9.99)], percent(15), 'EUR');
    expect(r.lines).toEqual([
      { price: 8.49, discount: 1.5 },
      { price: 8.49, discount: 1.5 },
    ]);
    expect(r.total).toBe(16.98);
    expect(r.discount).toBe(3);
    expect(r.uses).toBe(2);
    // 33 % of 0.05 is 0.0165: 0.02 off.
    expect(priceWithPromo([line(1, 0.05)], percent(33), 'UAH').lines[0]).toEqual({ price: 0.03, discount: 0.02 });
    // Half a cent rounds up: 50 % of 0.01.
    expect(priceWithPromo([line(1, 0.01)], percent(50), 'UAH').lines[0]).toEqual({ price: 0, discount: 0.01 });
  });

  it('rounds in the currency’s own smallest unit', () => {
    // Yen have no cents: 15 % of 999 is 149.85, so 150 off.
    expect(priceWithPromo([line(1, 999)], percent(15), 'JPY').lines[0]).toEqual({ price: 849, discount: 150 });
  });

  it('never takes a ticket below nothing', () => {
    const r = priceWithPromo([line(1, 300), line(2, 1200)], fixed(500), 'UAH');
    expect(r.lines).toEqual([
      { price: 0, discount: 300 },
      { price: 700, discount: 500 },
    ]);
    expect(r.total).toBe(700);
    expect(priceWithPromo([line(1, 40)], percent(100), 'UAH').total).toBe(0);
  });

  it('makes tickets free with a free code, and lowers only the types it names', () => {
    const r = priceWithPromo([line(1, 1200), line(2, 350), line(1, 1200)], free([1]), 'UAH');
    expect(r.lines.map((l) => l.price)).toEqual([0, 350, 0]);
    expect(r).toMatchObject({ total: 350, discount: 2400, uses: 2 });
  });

  it('takes no use for a ticket that is free already or of another type', () => {
    expect(priceWithPromo([line(1, 0), line(2, 50)], percent(10, [1]), 'UAH')).toMatchObject({ total: 50, uses: 0 });
  });

  it('adds prices without floating-point drift', () => {
    const r = priceWithPromo(
      Array.from({ length: 10 }, () => line(1, 0.1)),
      percent(10),
      'UAH',
    );
    expect(r.total).toBe(0.9);
    expect(r.discount).toBe(0.1);
  });
});

describe('checkPromoCode', () => {
  const base = { ...blankPromoCode(), code: 'SPRING' };
  it('accepts a plain code and stores it in capitals with its types sorted once', () => {
    expect(checkPromoCode(base, 'UAH', [])).toEqual({});
    expect(normalisePromoCode({ ...base, code: ' spring-25 ', type_ids: [3, 1, 3] })).toMatchObject({ code: 'SPRING-25', type_ids: [1, 3] });
    expect(normalisePromoCode({ ...base, kind: 'free', value: 0 }).value).toBe(100);
  });

  it('names the field of each problem', () => {
    expect(checkPromoCode({ ...base, code: 'AB' }, 'UAH', [])).toEqual({ code: 'code_format' });
    expect(checkPromoCode({ ...base, code: 'ÄPFEL' }, 'UAH', [])).toEqual({ code: 'code_format' });
    expect(checkPromoCode({ ...base, kind: 'percent', value: 101 }, 'UAH', [])).toEqual({ value: 'percent_range' });
    expect(checkPromoCode({ ...base, kind: 'fixed', value: 0.5 }, 'JPY', [])).toEqual({ value: 'amount' });
    expect(checkPromoCode({ ...base, kind: 'fixed', value: 0.5 }, 'UAH', [])).toEqual({});
    expect(checkPromoCode({ ...base, type_ids: [7] }, 'UAH', [1, 2])).toEqual({ type_ids: 'unknown_type' });
    expect(checkPromoCode({ ...base, max_uses: 3 }, 'UAH', [], 4)).toEqual({ max_uses: 'uses_below_used' });
    expect(checkPromoCode({ ...base, valid_from: 200, valid_until: 100 }, 'UAH', [])).toEqual({ valid_until: 'window_order' });
    // A free ticket needs no value.
    expect(checkPromoCode({ ...base, kind: 'free', value: 0 }, 'UAH', [])).toEqual({});
  });
});

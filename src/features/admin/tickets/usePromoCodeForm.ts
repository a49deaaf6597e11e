import { useState } from 'react';
import { checkPromoCode, normalCode, type PromoCodeFields } from '../../../../contract/promo.ts';
import type { AdminTypeView } from '../../../data/index.ts';
import { numberOrNull } from '../form.ts';

/** The promo code form's state, as usePromoCodeForm gives it to the form's parts. */
export type PromoForm = ReturnType<typeof usePromoCodeForm>;

/**
 * A promo code's fields while they are edited, and their problems by the rules the server applies.
 * The amount and the limit of uses are kept as typed, so that a half-typed number stays in its field.
 */
export function usePromoCodeForm(initial: PromoCodeFields, currency: string, types: readonly AdminTypeView[], otherCodes: readonly string[]) {
  const [value, setValue] = useState(initial);
  const [amount, setAmount] = useState(initial.kind === 'free' ? '' : String(initial.value));
  const [uses, setUses] = useState(initial.max_uses === null ? '' : String(initial.max_uses));
  const set = <K extends keyof PromoCodeFields>(k: K, v: PromoCodeFields[K]) => setValue((f) => ({ ...f, [k]: v }));
  const parsed = numberOrNull(amount.replace(',', '.'));
  const limited = value.max_uses !== null;
  const fields: PromoCodeFields = { ...value, value: value.kind === 'free' ? 100 : (parsed ?? -1) };
  const typeIds = types.flatMap((x) => (x.id === null ? [] : [x.id]));
  const checked = checkPromoCode({ ...fields, value: Math.max(0, fields.value) }, currency, typeIds);
  // The server refuses a duplicate too (promo_code_taken); said here, it is said at the field.
  const problems = !checked.code && otherCodes.includes(normalCode(value.code)) ? { ...checked, code: 'code_taken' as const } : checked;
  const valueProblem =
    value.kind === 'free' ? undefined : parsed === null || parsed < 0 ? (value.kind === 'percent' ? 'percent_range' : 'amount') : problems.value;
  const usesBad = limited && (value.max_uses === null || value.max_uses < 1);
  const ok = Object.keys(problems).length === 0 && !valueProblem && !usesBad;
  return { value, set, amount, setAmount, uses, setUses, parsed, limited, fields, problems, valueProblem, usesBad, ok };
}

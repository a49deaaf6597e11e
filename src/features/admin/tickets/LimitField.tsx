import type { ReactNode } from 'react';
import { numberOrNull } from '../form.ts';
import { Field } from '../Field.tsx';

/** What a limit starts at when it is switched on with nothing usable typed. */
const FIRST_LIMIT = 100;

/**
 * A limit that may be switched off (a ticket type's places, a promo code's uses): a checkbox and,
 * while it is on, the number. The text stays as typed, so a number half typed is not rewritten
 * under the cursor; what the form saves is null while off, and 0 for an empty box.
 */
export function LimitField({
  id,
  checkLabel,
  label,
  hint,
  problem,
  max,
  limited,
  text,
  setText,
  set,
}: {
  id: string;
  checkLabel: ReactNode;
  label: ReactNode;
  hint?: ReactNode;
  problem: string | undefined;
  max: number;
  limited: boolean;
  text: string;
  setText(text: string): void;
  set(limit: number | null): void;
}) {
  return (
    <>
      <label className="sales__check">
        <input
          type="checkbox"
          checked={limited}
          onChange={(e) => {
            const n = numberOrNull(text);
            set(e.target.checked ? (n !== null && n >= 1 ? Math.floor(n) : FIRST_LIMIT) : null);
            if (e.target.checked && (n === null || n < 1)) setText(String(FIRST_LIMIT));
          }}
        />
        {checkLabel}
      </label>
      {limited ? (
        <Field errors="sales" id={id} label={label} hint={hint} problem={problem}>
          <input
            type="number"
            min={1}
            max={max}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              const n = numberOrNull(e.target.value);
              set(n === null ? 0 : Math.floor(n));
            }}
          />
        </Field>
      ) : null}
    </>
  );
}

import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalesProblem } from '../../../../contract/sales.ts';

/** A labelled field of the ticket forms with its hint and its problem, tied to the input for screen readers. */
export function SalesField({
  id,
  label,
  problem,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  problem?: SalesProblem;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  const { t } = useTranslation();
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-describedby': described, 'aria-invalid': problem ? true : undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="muted small">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} className="field__error">
          {t(`sales.fieldErrors.${problem}`)}
        </p>
      ) : null}
    </div>
  );
}

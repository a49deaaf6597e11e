import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventFieldName, EventFields, FieldProblems } from '../../data/index.ts';

/** What every section of the event form gets: the values shown, a setter and the problems to show. */
export interface SectionProps {
  value: EventFields;
  set<K extends EventFieldName>(key: K, v: EventFields[K]): void;
  problems: FieldProblems;
  /** The form's id prefix, so every input has a unique id. */
  idp: string;
}

export const fieldId = (idp: string, key: string) => `${idp}-${key}`;

/**
 * A labelled form field with its hint and its problem, tied to the input for screen readers
 * (aria-describedby, aria-invalid). The problem is text next to the field, not colour alone.
 */
export function Field({
  id,
  label,
  problem,
  hint,
  errors = 'admin',
  children,
}: {
  id: string;
  label: ReactNode;
  /** A key under admin.fieldErrors, or sales.fieldErrors for the ticket forms. */
  problem?: string;
  hint?: ReactNode;
  /** Whose problem texts: the admin area's, or the ticket forms' (sales). */
  errors?: 'admin' | 'sales';
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
          {errors === 'sales' ? t(`sales.fieldErrors.${problem}`) : t(`admin.fieldErrors.${problem}`)}
        </p>
      ) : null}
    </div>
  );
}

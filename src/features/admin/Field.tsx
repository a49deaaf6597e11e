import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventFieldName, EventFields, FieldProblems } from '../../data/index.ts';
import { Field as FormField } from '../../ui/form/Field.tsx';

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
 * A field of the admin forms (src/ui/form Field) whose problem is a code of the admin area's, or of
 * the ticket forms', put in words here.
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
  const text = problem ? (errors === 'sales' ? t(`sales.fieldErrors.${problem}`) : t(`admin.fieldErrors.${problem}`)) : undefined;
  return (
    <FormField id={id} label={label} hint={hint} error={text}>
      {children}
    </FormField>
  );
}

/** A web address of the admin forms: the browser's URL keyboard on phones, and the same hint on what to type everywhere. */
export function UrlField({
  id,
  label,
  problem,
  value,
  max,
  onChange,
}: {
  id: string;
  label: ReactNode;
  problem?: string;
  value: string;
  max: number;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label} problem={problem} hint={t('admin.form.urlHint')}>
      <input type="url" inputMode="url" value={value} maxLength={max} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

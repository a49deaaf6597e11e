import { useCallback, useMemo, useRef, useState } from 'react';

/** A refused call as the data layer answers it: a code, and the field it concerns when it is one. */
export interface FieldRefusal {
  ok: false;
  field?: string;
}
export type FormAnswer<T, R extends FieldRefusal> = { ok: true; data: T } | R;

export type FieldTexts<F extends string> = Partial<Record<F, string>>;

export interface FormState<F extends string, R extends FieldRefusal> {
  values: Record<F, string>;
  errors: FieldTexts<F>;
  /** The refusal that belongs to none of the form's fields, in words. */
  formError: string | null;
  busy: boolean;
  set(field: F, value: string): void;
  /** What a TextField of the form needs of it, by name: its value, its error, the setter and the focus handle. */
  field(name: F): { name: F; value: string; error: string | undefined; onChange(value: string): void; inputRef(el: HTMLInputElement | null): void };
  /**
   * One submission: the form's own check first (its texts, by field; the first field with one is
   * focused and nothing is sent; null stops quietly, as when the person declines a confirmation),
   * then the call. A refusal lands next to its field when the form
   * has it, else above the form. Answers the call's data (wrapped: the data itself may be null),
   * or null when nothing went through.
   */
  submit<T>(check: () => FieldTexts<F> | null, send: () => Promise<FormAnswer<T, R>>): Promise<{ data: T } | null>;
  reset(values: Record<F, string>): void;
  setFormError(text: string | null): void;
}

/**
 * The state every form of values, local checks and a server that may refuse shares: the values,
 * an error per field, the form's own error, and a busy flag that keeps a second tap from sending
 * twice. `describe` puts a refusal in words (each area has its codes' texts).
 */
export function useFormState<F extends string, R extends FieldRefusal>(
  fields: readonly F[],
  initial: Record<F, string> | (() => Record<F, string>),
  describe: (refusal: R) => string,
): FormState<F, R> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldTexts<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const inputs = useRef(new Map<F, HTMLInputElement>());

  const focusFirst = useCallback(
    (found: FieldTexts<F>) => {
      const first = fields.find((f) => found[f]);
      if (first) inputs.current.get(first)?.focus();
    },
    [fields],
  );

  const submit = useCallback(
    async <T>(check: () => FieldTexts<F> | null, send: () => Promise<FormAnswer<T, R>>): Promise<{ data: T } | null> => {
      if (busyRef.current) return null;
      const found = check();
      if (found === null) return null;
      setErrors(found);
      setFormError(null);
      if (fields.some((f) => found[f])) {
        focusFirst(found);
        return null;
      }
      busyRef.current = true;
      setBusy(true);
      try {
        const answer = await send();
        if (answer.ok) return { data: answer.data };
        const text = describe(answer);
        const field = fields.find((f) => f === answer.field);
        if (field) {
          setErrors({ [field]: text } as FieldTexts<F>);
          focusFirst({ [field]: text } as FieldTexts<F>);
        } else setFormError(text);
        return null;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [fields, focusFirst, describe],
  );

  return useMemo(
    (): FormState<F, R> => ({
      values,
      errors,
      formError,
      busy,
      set: (field, value) => setValues((s) => ({ ...s, [field]: value })),
      field: (name) => ({
        name,
        value: values[name],
        error: errors[name],
        onChange: (value) => setValues((s) => ({ ...s, [name]: value })),
        inputRef: (el) => {
          if (el) inputs.current.set(name, el);
          else inputs.current.delete(name);
        },
      }),
      submit,
      reset: (next) => {
        setValues(next);
        setErrors({});
        setFormError(null);
      },
      setFormError,
    }),
    [values, errors, formError, busy, submit],
  );
}

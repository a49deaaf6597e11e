import { cloneElement, useId, type ReactElement, type ReactNode, type Ref } from 'react';

/**
 * A labelled control with its hint and its error, tied to it for screen readers (aria-describedby,
 * aria-invalid). The error is text next to the field, not colour alone, and is announced when it
 * appears. `error` is already in the reader's words: each area translates its own codes.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="muted field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  value: string;
  onChange(value: string): void;
  error?: string | null;
  hint?: string;
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** One text input in a Field: what the account forms are made of (useFormState's `field(name)` fills most of it). */
export function TextField({ label, name, type = 'text', value, onChange, error, hint, autoComplete, inputRef }: TextFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        ref={inputRef}
        name={name}
        type={type}
        inputMode={type === 'email' ? 'email' : undefined}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** The refusal that belongs to no field, above the form; nothing when there is none. */
export function FormError({ children }: { children?: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className="form-error" role="alert">
      {children}
    </p>
  );
}

import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Shows a spinner and keeps the button from being pressed twice while work is under way. */
  busy?: boolean;
  icon?: ReactNode;
  /** React 19 passes refs as props: a confirm step can focus its button. */
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClass(variant: ButtonVariant = 'secondary', size: 'md' | 'sm' = 'md', extra?: string): string {
  return ['btn', `btn--${variant}`, size === 'sm' ? 'btn--sm' : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({ variant = 'secondary', size = 'md', busy = false, icon, className, children, disabled, type, ...rest }: ButtonProps) {
  return (
    <button
      // A button inside a form must not submit it unless asked to.
      type={type ?? 'button'}
      className={buttonClass(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className="spinner spinner--inline" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

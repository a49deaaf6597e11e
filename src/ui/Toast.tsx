import type { ReactNode } from 'react';

export interface ToastProps {
  title?: ReactNode;
  children: ReactNode;
  tone?: 'error' | 'info';
  dismissLabel: string;
  onDismiss(): void;
}

export function Toast({ title, children, tone = 'info', dismissLabel, onDismiss }: ToastProps) {
  return (
    <div className={`toast toast--${tone}`}>
      <div className="toast__content">
        {title ? <p className="toast__title">{title}</p> : null}
        <div className="toast__text">{children}</div>
      </div>
      <button type="button" className="toast__close" onClick={onDismiss} aria-label={dismissLabel} title={dismissLabel}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * The live region that toasts render into. It exists from the first render, because screen readers
 * only announce changes inside a region they already know about.
 */
export function ToastRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="toast-region" aria-label={label} aria-live="polite" aria-relevant="additions">
      {children}
    </section>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A read-only address to hand on (a calendar feed, a referral link): labelled, selected whole on
 * focus, copied with one button, and said to be copied (or not: a denied clipboard leaves the text
 * selected for copying by hand). `actions` go beside the button.
 */
export function CopyField({ label, value, actions, onCopied }: { label: string; value: string; actions?: ReactNode; onCopied?(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [result, setResult] = useState<{ value: string; ok: boolean } | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setResult({ value, ok: true });
      onCopied?.();
    } catch {
      setResult({ value, ok: false });
    }
  };
  // A new address has not been copied yet, whatever was said of the old one.
  const shown = result?.value === value ? result : null;
  return (
    <div className="copy-field">
      <label className="copy-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="copy-field__row">
        <input id={id} className="copy-field__value" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn--primary btn--sm" onClick={() => void copy()}>
          {t('ui.copy.button')}
        </button>
        {actions}
      </div>
      <p className={`copy-field__status${shown && !shown.ok ? ' copy-field__status--failed' : ''}`} role="status">
        {shown ? (shown.ok ? t('ui.copy.done') : t('ui.copy.failed')) : ''}
      </p>
    </div>
  );
}

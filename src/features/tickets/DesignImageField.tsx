import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

/** What the server takes (it checks the bytes itself); the picker only offers these. */
const ACCEPT = 'image/png,image/jpeg,image/webp';

interface DesignImageFieldProps {
  label: string;
  url: string;
  disabled: boolean;
  /** Uploads the file; answers the picture's and its thumbnail's URLs. */
  upload(file: File): Promise<{ image: string; image_thumb: string }>;
  onChange(next: { image: string; image_thumb: string }): void;
}

/**
 * One picture of the ticket design (instructions, a sponsor's logo, the badge): a preview, a file
 * picker that uploads at once and a Remove button. The upload only stores the picture; it shows on
 * tickets when the owner saves the design, so leaving the page without saving changes nothing.
 */
export function DesignImageField({ label, url, disabled, upload, onChange }: DesignImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onChange(await upload(file));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'unknown_error');
    } finally {
      setBusy(false);
      // The same file picked again after a refusal must fire a change again.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="field design-image">
      <label htmlFor={id}>{label}</label>
      <div className="design-image__row">
        {url ? (
          <img className="design-image__preview" src={url} alt={t('ticketDesign.image.preview', { what: label })} />
        ) : (
          <span className="design-image__empty muted small">{t('ticketDesign.image.none')}</span>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          disabled={disabled || busy}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        {url ? (
          <Button
            size="sm"
            type="button"
            variant="ghost"
            disabled={disabled || busy}
            aria-label={t('ticketDesign.image.removeOf', { what: label })}
            onClick={() => onChange({ image: '', image_thumb: '' })}
          >
            {t('ticketDesign.image.remove')}
          </Button>
        ) : null}
        {busy ? <span className="muted small">{t('ticketDesign.image.uploading')}</span> : null}
      </div>
      {error ? (
        <p className="form-error" role="alert" id={`${id}-error`}>
          {t(`errors.${error}`)}
        </p>
      ) : null}
    </div>
  );
}

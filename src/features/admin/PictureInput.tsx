import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventPictureUpload, type EventPictureKind } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';

/**
 * A picture of the organisers' area (poster, logo, stand picture, guest speaker): the current one,
 * a file field that uploads at once and a way to take it off. Uploading needs the network, which
 * the field says plainly while the device is offline; what puts the picture on the record is the
 * form's command, queued like every other change.
 */
export function PictureInput({
  eventId,
  kind,
  label,
  value,
  onChange,
  alt,
}: {
  eventId: number;
  kind: EventPictureKind;
  label: string;
  value: string;
  onChange(url: string): void;
  /** What the picture shows, for screen readers. */
  alt: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const uploader = useEventPictureUpload(eventId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setBusy(true);
    setError(null);
    const result = await uploader.upload(kind, file);
    setBusy(false);
    if (result.ok) onChange(result.url);
    else setError(t(`errors.${result.code}`, { defaultValue: t('errors.unknown_error') }));
  };

  const hint = uploader.online ? t('admin.picture.hint') : t('admin.picture.offline');
  return (
    <div className="field admin-picture">
      <label htmlFor={id}>{label}</label>
      {value ? <img className={`admin-picture__preview admin-picture__preview--${kind}`} src={`${value}?size=small`} alt={alt} /> : null}
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={busy || !uploader.online}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
          e.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className="muted small">
        {busy ? t('admin.picture.uploading') : hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {value ? (
        <p>
          <Button size="sm" variant="ghost" onClick={() => onChange('')}>
            {t('admin.picture.remove')}
          </Button>
        </p>
      ) : null}
    </div>
  );
}

import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkStandFields, STAND_FIELD_ORDER, STAND_LIMITS, type StandFields } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field, UrlField } from '../Field.tsx';
import { PictureInput } from '../PictureInput.tsx';

export function blankStand(): StandFields {
  return { name: '', location: '', link: '', description: '', phone: '', email: '', logo: '', picture: '' };
}

/**
 * A stand's own fields: what it is, where it stands, its site and contacts, its logo and picture.
 * The form keeps what was typed over the device's copy; it is saved whole, the later save winning.
 */
export function StandForm({ eventId, current, onSave }: { eventId: number; current: StandFields; onSave(fields: StandFields): Promise<void> }) {
  const { t } = useTranslation();
  const idp = useId().replace(/:/g, '');
  const [edited, setEdited] = useState<StandFields | null>(null);
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const value = edited ?? current;
  const problems = useMemo(() => checkStandFields(value), [value]);
  const shown = show ? problems : {};
  const set = <K extends keyof StandFields>(key: K, v: StandFields[K]) => {
    setSaved(false);
    setEdited({ ...value, [key]: v });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const first = STAND_FIELD_ORDER.find((k) => problems[k]);
    if (first) {
      setShow(true);
      document.getElementById(`${idp}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSave(value);
      setEdited(null);
      setShow(false);
      setSaved(true);
    } finally {
      setBusy(false);
    }
  };

  const text = (key: 'name' | 'location' | 'phone', label: string) => (
    <Field id={`${idp}-${key}`} label={label} problem={shown[key]}>
      <input value={value[key]} maxLength={STAND_LIMITS[key]} onChange={(e) => set(key, e.target.value)} />
    </Field>
  );
  return (
    <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
      <fieldset className="admin-form__section">
        <legend>{t('admin.stands.about')}</legend>
        {text('name', t('admin.stands.name'))}
        {text('location', t('admin.stands.location'))}
        <Field id={`${idp}-description`} label={t('admin.stands.description')} problem={shown.description}>
          <textarea rows={4} value={value.description} maxLength={STAND_LIMITS.description} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <UrlField
          id={`${idp}-link`}
          label={t('admin.stands.link')}
          problem={shown.link}
          value={value.link}
          max={STAND_LIMITS.link}
          onChange={(v) => set('link', v)}
        />
        <div className="admin-form__pair">
          {text('phone', t('admin.stands.phone'))}
          <Field id={`${idp}-email`} label={t('admin.stands.email')} problem={shown.email}>
            <input type="email" value={value.email} maxLength={STAND_LIMITS.email} onChange={(e) => set('email', e.target.value)} />
          </Field>
        </div>
      </fieldset>
      <fieldset className="admin-form__section">
        <legend>{t('admin.stands.pictures')}</legend>
        <PictureInput
          eventId={eventId}
          kind="logo"
          label={t('admin.stands.logo')}
          value={value.logo}
          onChange={(url) => set('logo', url)}
          alt={t('admin.stands.logoOf', { name: value.name })}
        />
        <PictureInput
          eventId={eventId}
          kind="picture"
          label={t('admin.stands.picture')}
          value={value.picture}
          onChange={(url) => set('picture', url)}
          alt={t('admin.stands.pictureOf', { name: value.name })}
        />
      </fieldset>
      <div className="admin-form__actions">
        <Button type="submit" variant="primary" busy={busy}>
          {t('admin.stands.save')}
        </Button>
        <p role="status" className="muted">
          {saved ? t('admin.form.saved') : ''}
        </p>
      </div>
    </form>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_CATEGORIES, EVENT_LIMITS, type EventFields } from '../../data/index.ts';
import { Field, fieldId, UrlField, type SectionProps } from './Field.tsx';
import { fromLocalInput, numberOrNull, timeZoneNames, toLocalInput } from './form.ts';

/** The event form's sections (EventForm.tsx holds the state): what, where, when, the stream. */

export function BasicsSection({ value, set, problems, idp }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-form__section">
      <legend>{t('admin.form.basics')}</legend>
      <Field id={fieldId(idp, 'name')} label={t('admin.form.name')} problem={problems.name}>
        <input value={value.name} maxLength={EVENT_LIMITS.name} required onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field id={fieldId(idp, 'category')} label={t('admin.form.category')} problem={problems.category_id}>
        <select value={value.category_id} onChange={(e) => set('category_id', Number(e.target.value))}>
          {EVENT_CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {t(`admin.categories.${c.id}`, { defaultValue: c.name })}
            </option>
          ))}
        </select>
      </Field>
      <Field id={fieldId(idp, 'description')} label={t('admin.form.description')} problem={problems.description} hint={t('admin.form.descriptionHint')}>
        <textarea rows={6} value={value.description} maxLength={EVENT_LIMITS.description} onChange={(e) => set('description', e.target.value)} />
      </Field>
      <Field id={fieldId(idp, 'price')} label={t('admin.form.price')}>
        <select value={value.is_free ? 'free' : 'paid'} onChange={(e) => set('is_free', e.target.value === 'free')}>
          <option value="free">{t('admin.form.free')}</option>
          <option value="paid">{t('admin.form.paid')}</option>
        </select>
      </Field>
    </fieldset>
  );
}

export function PlaceSection({ value, set, problems, idp }: SectionProps) {
  const { t } = useTranslation();
  const point = value.map_point;
  const setPoint = (lat: number | null, lng: number | null) => set('map_point', lat === null || lng === null ? null : { lat, lng });
  return (
    <fieldset className="admin-form__section">
      <legend>{t('admin.form.place')}</legend>
      <Field id={fieldId(idp, 'format')} label={t('admin.form.format')}>
        <select value={value.is_webinar ? 'online' : 'venue'} onChange={(e) => set('is_webinar', e.target.value === 'online')}>
          <option value="venue">{t('admin.form.inPerson')}</option>
          <option value="online">{t('admin.form.online')}</option>
        </select>
      </Field>
      {value.is_webinar ? null : (
        <>
          <Field id={fieldId(idp, 'place_name')} label={t('admin.form.venue')} problem={problems.place_name}>
            <input value={value.place_name} maxLength={EVENT_LIMITS.placeName} onChange={(e) => set('place_name', e.target.value)} />
          </Field>
          <Field id={fieldId(idp, 'address')} label={t('admin.form.address')} problem={problems.address}>
            <input value={value.address} maxLength={EVENT_LIMITS.address} autoComplete="street-address" onChange={(e) => set('address', e.target.value)} />
          </Field>
          <Field id={fieldId(idp, 'city')} label={t('admin.form.city')} problem={problems.city}>
            <input value={value.city} maxLength={EVENT_LIMITS.city} autoComplete="address-level2" onChange={(e) => set('city', e.target.value)} />
          </Field>
          <div className="admin-form__pair">
            <Field id={fieldId(idp, 'lat')} label={t('admin.form.lat')} problem={problems.map_point}>
              <input
                type="number"
                step="any"
                min={-90}
                max={90}
                value={point?.lat ?? ''}
                onChange={(e) => setPoint(numberOrNull(e.target.value), point?.lng ?? 0)}
              />
            </Field>
            <Field id={fieldId(idp, 'lng')} label={t('admin.form.lng')}>
              <input
                type="number"
                step="any"
                min={-180}
                max={180}
                value={point?.lng ?? ''}
                onChange={(e) => setPoint(point?.lat ?? 0, numberOrNull(e.target.value))}
              />
            </Field>
          </div>
        </>
      )}
    </fieldset>
  );
}

export function TimeSection({ value, set, problems, idp }: SectionProps) {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZoneNames(), []);
  // The wall clock of the venue: changing the timezone keeps the times as they read.
  const setTime = (key: 'starts_at' | 'ends_at', input: string) => {
    const unix = fromLocalInput(input, value.timezone);
    if (unix !== null) set(key, unix);
  };
  const safe = (unix: number) => {
    try {
      return toLocalInput(unix, value.timezone);
    } catch {
      return '';
    }
  };
  return (
    <fieldset className="admin-form__section">
      <legend>{t('admin.form.when')}</legend>
      <Field id={fieldId(idp, 'timezone')} label={t('admin.form.timezone')} problem={problems.timezone} hint={t('admin.form.timezoneHint')}>
        <input
          value={value.timezone}
          list={`${idp}-zones`}
          maxLength={EVENT_LIMITS.timezone}
          spellCheck={false}
          onChange={(e) => set('timezone', e.target.value.trim())}
        />
      </Field>
      <datalist id={`${idp}-zones`}>
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <div className="admin-form__pair">
        <Field id={fieldId(idp, 'starts_at')} label={t('admin.form.starts')} problem={problems.starts_at}>
          <input type="datetime-local" value={safe(value.starts_at)} onChange={(e) => setTime('starts_at', e.target.value)} />
        </Field>
        <Field id={fieldId(idp, 'ends_at')} label={t('admin.form.ends')} problem={problems.ends_at}>
          <input type="datetime-local" value={safe(value.ends_at)} onChange={(e) => setTime('ends_at', e.target.value)} />
        </Field>
      </div>
    </fieldset>
  );
}

export function StreamSection({ value, set, problems, idp }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-form__section">
      <legend>{t('admin.form.stream')}</legend>
      <Field id={fieldId(idp, 'video_type')} label={t('admin.form.videoType')}>
        <select value={value.video_type} onChange={(e) => set('video_type', Number(e.target.value) as EventFields['video_type'])}>
          <option value={0}>{t('admin.form.videoNone')}</option>
          <option value={1}>{t('admin.form.videoFrame')}</option>
          <option value={2}>{t('admin.form.videoLink')}</option>
        </select>
      </Field>
      <UrlField
        id={fieldId(idp, 'stream_url')}
        label={t('admin.form.streamUrl')}
        problem={problems.stream_url}
        value={value.stream_url}
        max={EVENT_LIMITS.url}
        onChange={(v) => set('stream_url', v)}
      />
      <UrlField
        id={fieldId(idp, 'broadcast_background')}
        label={t('admin.form.background')}
        problem={problems.broadcast_background}
        value={value.broadcast_background}
        max={EVENT_LIMITS.url}
        onChange={(v) => set('broadcast_background', v)}
      />
    </fieldset>
  );
}

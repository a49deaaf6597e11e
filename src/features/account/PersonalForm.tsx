import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEREST_MAX, PROFILE_LIMITS, SOCIAL_LINK_MAX, SOCIAL_NETWORKS } from '../../../contract/visitors.ts';
import { useProfileActions, type OwnProfile } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, FormError, TextField } from '../../ui/form/Field.tsx';
import { checkPersonal, personalPatch, personalValues, type PersonalErrors, type PersonalField, type PersonalValues } from './profileForm.ts';

/**
 * Everything the server keeps about the person that others see: saved as one profile.update, so it
 * works offline, is queued once and reaches other people's devices through their visitor feeds.
 */
export function PersonalForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const actions = useProfileActions();
  const [values, setValues] = useState<PersonalValues>(() => personalValues(profile));
  const [errors, setErrors] = useState<PersonalErrors>({});
  const [state, setState] = useState<'idle' | 'saved' | 'unchanged' | 'failed'>('idle');
  const set = <K extends keyof PersonalValues>(key: K, value: PersonalValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const err = (f: PersonalField) => (errors[f] ? t(`account.profile.errors.${errors[f]}`) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPersonal(values, profile);
    setErrors(found);
    if (Object.keys(found).length) {
      setState('idle');
      return;
    }
    const patch = personalPatch(values, profile);
    if (Object.keys(patch).length === 0) {
      setState('unchanged');
      return;
    }
    actions.update(patch).then(
      () => setState('saved'),
      (error: unknown) => {
        console.error('profile update failed', error);
        setState('failed');
      },
    );
  };

  const text = (name: PersonalField | 'company', label: string) => (
    <TextField label={label} name={name} value={values[name]} error={name === 'company' ? null : err(name)} onChange={(v) => set(name, v)} />
  );

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="settings-personal">
      <h2 id="settings-personal">{t('account.profile.title')}</h2>
      {text('first_name', t('account.fields.first_name'))}
      {text('last_name', t('account.fields.last_name'))}
      {text('phone', t('profile.phone'))}
      {text('company', t('profile.form.company'))}
      {text('position', t('profile.form.position'))}
      {(['status', 'help'] as const).map((name) => (
        <Field key={name} id={`settings-${name}`} label={t(`profile.form.${name}`)} error={err(name)}>
          <textarea name={name} rows={3} maxLength={PROFILE_LIMITS.about} value={values[name]} onChange={(e) => set(name, e.target.value)} />
        </Field>
      ))}
      <Field id="settings-sex" label={t('visitors.filters.sex')}>
        <select value={values.sex} onChange={(e) => set('sex', e.target.value as PersonalValues['sex'])}>
          <option value="">{t('account.profile.notSaying')}</option>
          <option value="1">{t('visitors.sex.male')}</option>
          <option value="2">{t('visitors.sex.female')}</option>
        </select>
      </Field>
      <TextField
        label={t('account.profile.birthYear')}
        name="birth_year"
        value={values.birth_year}
        error={err('birth_year')}
        onChange={(v) => set('birth_year', v)}
      />
      <fieldset className="settings-checks">
        <legend>{t('visitors.filters.interests')}</legend>
        {Array.from({ length: INTEREST_MAX }, (_, i) => i + 1).map((id) => (
          <label key={id}>
            <input
              type="checkbox"
              checked={values.hobby.includes(id)}
              onChange={(e) => set('hobby', e.target.checked ? [...values.hobby, id] : values.hobby.filter((h) => h !== id))}
            />{' '}
            {t(`visitors.interests.${id}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="settings-social">
        <legend>{t('account.profile.social')}</legend>
        {SOCIAL_NETWORKS.map((key) => (
          <Field key={key} id={`settings-social-${key}`} label={t(`visitors.social.${key}`)}>
            <input
              type="text"
              maxLength={SOCIAL_LINK_MAX}
              value={values.social[key] ?? ''}
              onChange={(e) => set('social', { ...values.social, [key]: e.target.value })}
            />
          </Field>
        ))}
      </fieldset>
      <Button type="submit" variant="primary">
        {t('profile.form.save')}
      </Button>
      {state === 'saved' ? <p role="status">{t('account.profile.saved')}</p> : null}
      {state === 'unchanged' ? <p role="status">{t('account.profile.unchanged')}</p> : null}
      <FormError>{state === 'failed' ? t('errors.local_write_failed') : null}</FormError>
    </form>
  );
}

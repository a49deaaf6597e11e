import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '../../../contract/accounts.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { AccountField } from './AccountField.tsx';
import { placeError } from './errors.ts';

const FIELDS = ['current_password', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** Change password: needs the current one; every other device is signed out. */
export function PasswordForm({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const actions = useAccountActions();
  const [values, setValues] = useState<Record<Field, string>>({ current_password: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<Field, string>> = {};
    if (!values.current_password) found.current_password = t('account.currentRequired');
    const problem = passwordProblem(values.password);
    if (problem) found.password = t(`errors.${problem}`);
    setErrors(found);
    setFormError(null);
    setDone(false);
    if (Object.keys(found).length) return;
    setBusy(true);
    const result = await actions.changePassword(values.current_password, values.password);
    setBusy(false);
    if (result.ok) {
      setValues({ current_password: '', password: '' });
      setDone(true);
      onChanged();
      return;
    }
    const placed = placeError(t, locale, result, FIELDS);
    setErrors(placed.field);
    setFormError(placed.form);
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="settings-password">
      <h3 id="settings-password">{t('account.password.title')}</h3>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <AccountField
        label={t('account.fields.current_password')}
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={values.current_password}
        error={errors.current_password}
        onChange={(v) => setValues((s) => ({ ...s, current_password: v }))}
      />
      <AccountField
        label={t('account.fields.new_password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        hint={t('account.passwordHint')}
        onChange={(v) => setValues((s) => ({ ...s, password: v }))}
      />
      <Button type="submit" variant="primary" busy={busy}>
        {t('account.password.submit')}
      </Button>
      {done ? <p role="status">{t('account.password.done')}</p> : null}
    </form>
  );
}

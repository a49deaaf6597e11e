import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmail } from '../../../contract/accounts.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { AccountField } from './AccountField.tsx';
import { placeError } from './errors.ts';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** Change email: the password, then a link to the new address makes it the sign-in address. */
export function EmailForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const actions = useAccountActions();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<Field, string>> = {};
    if (!isEmail(values.email)) found.email = t('errors.invalid_email');
    else if (values.email.trim().toLowerCase() === current.toLowerCase()) found.email = t('account.email.same');
    if (!values.password) found.password = t('account.currentRequired');
    setErrors(found);
    setFormError(null);
    setSentTo(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    const result = await actions.changeEmail(values.password, values.email.trim(), locale);
    setBusy(false);
    if (result.ok) {
      setSentTo(values.email.trim());
      setValues({ email: '', password: '' });
      return;
    }
    const placed = placeError(t, locale, result, FIELDS);
    setErrors(placed.field);
    setFormError(placed.form);
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="settings-email">
      <h3 id="settings-email">{t('account.email.title')}</h3>
      <p className="muted">{t('account.email.current', { email: current })}</p>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <AccountField
        label={t('account.fields.new_email')}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(v) => setValues((s) => ({ ...s, email: v }))}
      />
      <AccountField
        label={t('account.fields.current_password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(v) => setValues((s) => ({ ...s, password: v }))}
      />
      <Button type="submit" variant="primary" busy={busy}>
        {t('account.email.submit')}
      </Button>
      {sentTo ? <p role="status">{t('account.email.sent', { email: sentTo })}</p> : null}
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isEmail } from '../../../contract/accounts.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { AccountField } from './AccountField.tsx';
import { placeError } from './errors.ts';
import './account.css';

/** "Forgot password": a reset link goes to the address if it has an account; the answer is the same either way. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const actions = useAccountActions();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('account.forgot.title'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!isEmail(email)) {
      setError(t('errors.invalid_email'));
      return;
    }
    setError(null);
    setBusy(true);
    const result = await actions.forgotPassword(email.trim(), locale);
    setBusy(false);
    if (result.ok) {
      setSent(true);
      return;
    }
    const placed = placeError(t, locale, result, ['email'] as const);
    setError(placed.field.email ?? null);
    setFormError(placed.form);
  };

  return (
    <div className="auth">
      <form className="auth__form card" onSubmit={submit} noValidate>
        <h1 className="auth__title">{t('account.forgot.title')}</h1>
        {sent ? (
          <p role="status" className="auth__lead">
            {t('account.forgot.sent', { email: email.trim() })}
          </p>
        ) : (
          <>
            <p className="auth__lead">{t('account.forgot.lead')}</p>
            {formError ? (
              <p className="form-error" role="alert">
                {formError}
              </p>
            ) : null}
            <AccountField label={t('login.email')} name="email" type="email" autoComplete="username" value={email} error={error} onChange={setEmail} />
            <Button type="submit" variant="primary" busy={busy} className="auth__submit">
              {t('account.forgot.submit')}
            </Button>
          </>
        )}
        <p className="auth__switch">
          <Link to={to('/login')}>{t('account.backToLogin')}</Link>
        </p>
      </form>
    </div>
  );
}

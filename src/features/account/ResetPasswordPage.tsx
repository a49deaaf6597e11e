import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '../../../contract/accounts.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { AccountField } from './AccountField.tsx';
import { placeError } from './errors.ts';
import { takeLinkToken } from './linkToken.ts';
import './account.css';

/** The page a reset link opens: a new password, then this device is signed in and every other one out. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const actions = useAccountActions();
  const [token] = useState(takeLinkToken);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(token ? null : t('errors.link_invalid'));
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('account.reset.title'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !token) return;
    const problem = passwordProblem(password);
    if (problem) {
      setError(t(`errors.${problem}`));
      return;
    }
    setError(null);
    setFormError(null);
    setBusy(true);
    const result = await actions.resetPassword(token, password);
    setBusy(false);
    if (result.ok) {
      navigate(`${to('/profile/settings')}?reset=1`, { replace: true });
      return;
    }
    const placed = placeError(t, locale, result, ['password'] as const);
    setError(placed.field.password ?? null);
    setFormError(placed.form);
  };

  return (
    <div className="auth">
      <form className="auth__form card" onSubmit={submit} noValidate>
        <h1 className="auth__title">{t('account.reset.title')}</h1>
        <p className="auth__lead">{t('account.reset.lead')}</p>
        {formError ? (
          <p className="form-error" role="alert">
            {formError} <Link to={to('/account/forgot')}>{t('account.forgot.again')}</Link>
          </p>
        ) : null}
        {token ? (
          <>
            <AccountField
              label={t('account.fields.new_password')}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              error={error}
              hint={t('account.passwordHint')}
              onChange={setPassword}
            />
            <Button type="submit" variant="primary" busy={busy} className="auth__submit">
              {t('account.reset.submit')}
            </Button>
          </>
        ) : null}
      </form>
    </div>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '../../../contract/accounts.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountField } from './AccountField.tsx';
import { accountErrorText, placeError } from './errors.ts';
import { oncePerToken, takeLinkToken } from './linkToken.ts';
import './account.css';

type State = { kind: 'working' } | { kind: 'undone'; email: string; resetToken: string } | { kind: 'failed'; text: string };

/**
 * The page the undo link in "your email was changed" opens: it posts the token once, the account
 * gets the old address back and every device is signed out; then the owner chooses a new password
 * here, which signs this device in (whoever changed the address may know the old password).
 */
export function UndoEmailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const actions = useAccountActions();
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'failed', text: t('errors.link_invalid') });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('account.undoEmail.title'));

  useEffect(() => {
    if (!token) return;
    let live = true;
    // Once per token, even if the page mounts again: a second post would find the link used.
    void oncePerToken(token, () => actions.undoEmailChange(token)).then((result) => {
      if (!live) return;
      setState(
        result.ok
          ? { kind: 'undone', email: result.data.email, resetToken: result.data.reset_token }
          : { kind: 'failed', text: accountErrorText(t, locale, result) },
      );
    });
    return () => {
      live = false;
    };
  }, [token, actions, t, locale]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || state.kind !== 'undone') return;
    const problem = passwordProblem(password);
    if (problem) {
      setError(t(`errors.${problem}`));
      return;
    }
    setError(null);
    setFormError(null);
    setBusy(true);
    const result = await actions.resetPassword(state.resetToken, password);
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
        <h1 className="auth__title">{t('account.undoEmail.title')}</h1>
        {state.kind === 'working' ? <Spinner label={t('account.undoEmail.working')} /> : null}
        {state.kind === 'failed' ? (
          <p role="alert" className="form-error">
            {state.text} <Link to={to('/account/forgot')}>{t('account.forgot.link')}</Link>
          </p>
        ) : null}
        {state.kind === 'undone' ? (
          <>
            <p role="status" className="auth__lead">
              {t('account.undoEmail.done', { email: state.email })}
            </p>
            {formError ? (
              <p className="form-error" role="alert">
                {formError} <Link to={to('/account/forgot')}>{t('account.forgot.again')}</Link>
              </p>
            ) : null}
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

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams, Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { safeReturnPath } from '../../../contract/return-url.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { tooManyRequestsText } from '../../ui/retryAfter.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const ids = { email: useId(), password: useId(), error: useId() };
  useDocumentTitle(t('login.title'));

  const returnTo = safeReturnPath(params.get('return_url'), window.location.origin, `/${locale}`);

  // Moving focus to the message makes screen readers announce it and puts the user next to the fields.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  if (session.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (session.user && !busy) return <Navigate replace to={returnTo} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // Checked here rather than by the browser, whose bubbles speak the browser's language, not ours.
    if (!email.trim() || !password) {
      setError(t('login.missingFields'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await session.login(email.trim(), password);
      if (result.ok) {
        navigate(returnTo, { replace: true });
        return;
      }
      setError(result.code === 'rate_limited' ? tooManyRequestsText(t, locale, result.retryAfter) : t(`errors.${result.code}`));
    } catch {
      setError(t('errors.unknown_error'));
    }
    setBusy(false);
  };

  return (
    <div className="auth">
      <form className="auth__form card" onSubmit={submit} noValidate aria-describedby={error ? ids.error : undefined}>
        <h1 className="auth__title">{t('login.title')}</h1>
        <p className="auth__lead">{t('login.lead')}</p>
        {error ? (
          <p id={ids.error} ref={errorRef} tabIndex={-1} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <Field id={ids.email} label={t('login.email')}>
          <input type="email" name="email" autoComplete="username" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field id={ids.password} label={t('login.password')}>
          <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Button type="submit" variant="primary" busy={busy} className="auth__submit">
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
        <p className="auth__switch">
          <Link to={to('/account/forgot')}>{t('account.forgot.link')}</Link>
        </p>
        <p className="auth__switch">
          {t('account.signup.noAccount')} <Link to={`${to('/signup')}?return_url=${encodeURIComponent(returnTo)}`}>{t('account.signup.title')}</Link>
        </p>
      </form>
    </div>
  );
}

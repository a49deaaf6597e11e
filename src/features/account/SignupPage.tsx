import { useState, type FormEvent } from 'react';
import { takeLinkToken } from './linkToken.ts';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isEmail } from '../../../contract/accounts.ts';
import { safeReturnPath } from '../../../contract/return-url.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useAccountActions, useSession } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { FormError, TextField } from '../../ui/form/Field.tsx';
import { useAccountForm } from './errors.ts';
import { newPasswordText } from './NewPassword.tsx';
import './account.css';

const FIELDS = ['first_name', 'last_name', 'email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Sign-up from the login dialog: name, email and password. The account works at once (the address
 * waits for its mailed link); an address that already has an account is told only by the sign-in
 * that follows failing, and its owner gets a mail instead (docs/DESIGN.md "Signing up").
 */
export function SignupPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const session = useSession();
  const actions = useAccountActions();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The invitation page passes the invited address along: the invitation counts only for it.
  const invited = (useLocation().state as { email?: unknown } | null)?.email;
  const form = useAccountForm(FIELDS, () => ({ first_name: '', last_name: '', email: typeof invited === 'string' ? invited : '', password: '' }));
  const [existing, setExisting] = useState(false);
  // An organiser's invitation link (`#invite=…`): signing up with the invited address gives its role.
  const [invite] = useState(() => takeLinkToken('invite') || undefined);
  useDocumentTitle(t('account.signup.title'));
  const returnTo = safeReturnPath(params.get('return_url'), window.location.origin, `/${locale}`);

  if (session.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (session.user && !form.busy) return <Navigate replace to={returnTo} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const done = await form.submit(
      () => ({
        first_name: values.first_name.trim() ? undefined : t('account.firstNameRequired'),
        email: isEmail(values.email) ? undefined : t('errors.invalid_email'),
        password: newPasswordText(t, values.password),
      }),
      () => actions.signUp(invite ? { ...values, invite } : values, locale),
    );
    if (!done) return;
    if (done.data.existing) setExisting(true);
    else navigate(returnTo, { replace: true });
  };

  const field = (name: Field, type: 'text' | 'email' | 'password', autoComplete: string, hint?: string) => (
    <TextField label={t(`account.fields.${name}`)} type={type} autoComplete={autoComplete} hint={hint} {...form.field(name)} />
  );

  return (
    <div className="auth">
      <form className="auth__form card" onSubmit={submit} noValidate>
        <h1 className="auth__title">{t('account.signup.title')}</h1>
        <p className="auth__lead">{t('account.signup.lead')}</p>
        {invite ? <p className="auth__lead">{t('account.signup.invited')}</p> : null}
        {existing ? (
          <FormError>
            {t('account.signup.existing')} <Link to={to('/account/forgot')}>{t('account.forgot.link')}</Link>
          </FormError>
        ) : null}
        <FormError>{form.formError}</FormError>
        {field('first_name', 'text', 'given-name')}
        {field('last_name', 'text', 'family-name')}
        {field('email', 'email', 'email')}
        {field('password', 'password', 'new-password', t('account.passwordHint'))}
        <Button type="submit" variant="primary" busy={form.busy} className="auth__submit">
          {form.busy ? t('account.signup.submitting') : t('account.signup.submit')}
        </Button>
        <p className="auth__switch">
          {t('account.signup.haveAccount')} <Link to={`${to('/login')}?return_url=${encodeURIComponent(returnTo)}`}>{t('login.submit')}</Link>
        </p>
      </form>
    </div>
  );
}

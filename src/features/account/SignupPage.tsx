import { useRef, useState, type FormEvent } from 'react';
import { takeLinkToken } from './linkToken.ts';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isEmail, passwordProblem } from '../../../contract/accounts.ts';
import { safeReturnPath } from '../../../contract/return-url.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useAccountActions, useSession } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountField } from './AccountField.tsx';
import { placeError } from './errors.ts';
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
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: '',
    last_name: '',
    email: typeof invited === 'string' ? invited : '',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [existing, setExisting] = useState(false);
  const [busy, setBusy] = useState(false);
  const refs = useRef(new Map<Field, HTMLInputElement>());
  // An organiser's invitation link (`#invite=…`): signing up with the invited address gives its role.
  const [invite] = useState(() => takeLinkToken('invite') || undefined);
  useDocumentTitle(t('account.signup.title'));
  const returnTo = safeReturnPath(params.get('return_url'), window.location.origin, `/${locale}`);

  if (session.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (session.user && !busy) return <Navigate replace to={returnTo} />;

  const check = (): Partial<Record<Field, string>> => {
    const out: Partial<Record<Field, string>> = {};
    if (!values.first_name.trim()) out.first_name = t('account.firstNameRequired');
    if (!isEmail(values.email)) out.email = t('errors.invalid_email');
    const problem = passwordProblem(values.password);
    if (problem) out.password = t(`errors.${problem}`);
    return out;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    setFormError(null);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      refs.current.get(first)?.focus();
      return;
    }
    setBusy(true);
    const result = await actions.signUp(invite ? { ...values, invite } : values, locale);
    setBusy(false);
    if (result.ok && !result.data.existing) {
      navigate(returnTo, { replace: true });
      return;
    }
    if (result.ok) {
      setExisting(true);
      return;
    }
    const placed = placeError(t, locale, result, FIELDS);
    setErrors(placed.field);
    setFormError(placed.form);
    const field = FIELDS.find((f) => placed.field[f]);
    if (field) refs.current.get(field)?.focus();
  };

  const field = (name: Field, type: 'text' | 'email' | 'password', autoComplete: string, hint?: string) => (
    <AccountField
      label={t(`account.fields.${name}`)}
      name={name}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      hint={hint}
      inputRef={(el) => {
        if (el) refs.current.set(name, el);
      }}
      onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
    />
  );

  return (
    <div className="auth">
      <form className="auth__form card" onSubmit={submit} noValidate>
        <h1 className="auth__title">{t('account.signup.title')}</h1>
        <p className="auth__lead">{t('account.signup.lead')}</p>
        {invite ? <p className="auth__lead">{t('account.signup.invited')}</p> : null}
        {existing ? (
          <p className="form-error" role="alert">
            {t('account.signup.existing')} <Link to={to('/account/forgot')}>{t('account.forgot.link')}</Link>
          </p>
        ) : null}
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        {field('first_name', 'text', 'given-name')}
        {field('last_name', 'text', 'family-name')}
        {field('email', 'email', 'email')}
        {field('password', 'password', 'new-password', t('account.passwordHint'))}
        <Button type="submit" variant="primary" busy={busy} className="auth__submit">
          {busy ? t('account.signup.submitting') : t('account.signup.submit')}
        </Button>
        <p className="auth__switch">
          {t('account.signup.haveAccount')} <Link to={`${to('/login')}?return_url=${encodeURIComponent(returnTo)}`}>{t('login.submit')}</Link>
        </p>
      </form>
    </div>
  );
}

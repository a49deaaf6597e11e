import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isEmail } from '../../../contract/accounts.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError, TextField } from '../../ui/form/Field.tsx';
import { useAccountForm } from './errors.ts';
import './account.css';

/** "Forgot password": a reset link goes to the address if it has an account; the answer is the same either way. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const actions = useAccountActions();
  const form = useAccountForm(['email'] as const, { email: '' });
  const [sent, setSent] = useState(false);
  const email = form.values.email.trim();
  useDocumentTitle(t('account.forgot.title'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.submit(
      () => ({ email: isEmail(email) ? undefined : t('errors.invalid_email') }),
      () => actions.forgotPassword(email, locale),
    );
    if (done) setSent(true);
  };

  return (
    <div className="auth">
      <form className="auth__form card" onSubmit={submit} noValidate>
        <h1 className="auth__title">{t('account.forgot.title')}</h1>
        {sent ? (
          <p role="status" className="auth__lead">
            {t('account.forgot.sent', { email })}
          </p>
        ) : (
          <>
            <p className="auth__lead">{t('account.forgot.lead')}</p>
            <FormError>{form.formError}</FormError>
            <TextField label={t('login.email')} type="email" autoComplete="username" {...form.field('email')} />
            <Button type="submit" variant="primary" busy={form.busy} className="auth__submit">
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

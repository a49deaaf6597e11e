import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { takeLinkToken } from './linkToken.ts';
import { LinkRefused, NewPasswordFields, useNewPassword } from './NewPassword.tsx';
import './account.css';

/** The page a reset link opens: a new password, then this device is signed in and every other one out. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [token] = useState(takeLinkToken);
  const { form, submit } = useNewPassword(token);
  useDocumentTitle(t('account.reset.title'));

  return (
    <div className="auth">
      <form className="auth__form card" onSubmit={submit} noValidate>
        <h1 className="auth__title">{t('account.reset.title')}</h1>
        <p className="auth__lead">{t('account.reset.lead')}</p>
        <LinkRefused text={token ? form.formError : t('errors.link_invalid')} again />
        {token ? <NewPasswordFields form={form} /> : null}
      </form>
    </div>
  );
}

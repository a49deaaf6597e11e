import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useAccountActions } from '../../data/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { accountErrorText } from './errors.ts';
import { LinkRefused, NewPasswordFields, useNewPassword } from './NewPassword.tsx';
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
  const actions = useAccountActions();
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'failed', text: t('errors.link_invalid') });
  const { form, submit } = useNewPassword(state.kind === 'undone' ? state.resetToken : null);
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

  return (
    <div className="auth">
      <form className="auth__form card" onSubmit={submit} noValidate>
        <h1 className="auth__title">{t('account.undoEmail.title')}</h1>
        {state.kind === 'working' ? <Spinner label={t('account.undoEmail.working')} /> : null}
        <LinkRefused text={state.kind === 'failed' ? state.text : null} />
        {state.kind === 'undone' ? (
          <>
            <p role="status" className="auth__lead">
              {t('account.undoEmail.done', { email: state.email })}
            </p>
            <LinkRefused text={form.formError} again />
            <NewPasswordFields form={form} />
          </>
        ) : null}
      </form>
    </div>
  );
}

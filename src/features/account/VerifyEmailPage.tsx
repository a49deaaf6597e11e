import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useAccountActions, useSession } from '../../data/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { accountErrorText } from './errors.ts';
import { oncePerToken, takeLinkToken } from './linkToken.ts';
import './account.css';
import { FormError } from '../../ui/form/Field.tsx';

/** The page a verification link opens (a sign-up's or an email change's): it posts the token once. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const { user } = useSession();
  const actions = useAccountActions();
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<{ kind: 'working' } | { kind: 'done' } | { kind: 'failed'; text: string }>(
    token ? { kind: 'working' } : { kind: 'failed', text: t('errors.link_invalid') },
  );
  useDocumentTitle(t('account.verify.title'));

  useEffect(() => {
    if (!token) return;
    let live = true;
    // Once per token, even if the page mounts again: a second post would find the link used.
    void oncePerToken(token, () => actions.verifyEmail(token)).then((result) => {
      if (live) setState(result.ok ? { kind: 'done' } : { kind: 'failed', text: accountErrorText(t, locale, result) });
    });
    return () => {
      live = false;
    };
  }, [token, actions, t, locale]);

  return (
    <div className="auth">
      <div className="auth__form card">
        <h1 className="auth__title">{t('account.verify.title')}</h1>
        {state.kind === 'working' ? <Spinner label={t('account.verify.working')} /> : null}
        {state.kind === 'done' ? (
          <p role="status" className="auth__lead">
            {t('account.verify.done')}
          </p>
        ) : null}
        {state.kind === 'failed' ? <FormError>{state.text}</FormError> : null}
        <p className="auth__switch">
          {user ? <Link to={to('/profile/settings')}>{t('account.settings.title')}</Link> : <Link to={to('/login')}>{t('login.submit')}</Link>}
        </p>
      </div>
    </div>
  );
}

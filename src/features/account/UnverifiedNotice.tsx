import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../ui/useLocale.ts';
import { useAccountActions, useSession } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { accountErrorText } from './errors.ts';
import './account.css';

/** Until the sign-up address is verified, a line says so and offers the link again. */
export function UnverifiedNotice() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useSession();
  const actions = useAccountActions();
  const [state, setState] = useState<{ busy: boolean; text: string | null }>({ busy: false, text: null });
  if (user?.email_verified !== false) return null;

  const resend = async () => {
    setState({ busy: true, text: null });
    const result = await actions.resendVerification(locale);
    setState({ busy: false, text: result.ok ? t('account.unverified.sent', { email: user.email }) : accountErrorText(t, locale, result) });
  };

  return (
    <section className="unverified-notice" aria-label={t('account.unverified.label')}>
      <p>{t('account.unverified.text', { email: user.email })}</p>
      <Button variant="secondary" size="sm" busy={state.busy} onClick={resend}>
        {t('account.unverified.resend')}
      </Button>
      {state.text ? <p role="status">{state.text}</p> : null}
    </section>
  );
}

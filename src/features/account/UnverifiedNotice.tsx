import { useState } from 'react';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../ui/useLocale.ts';
import { useAccountActions, useSession } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { accountErrorText } from './errors.ts';
import './account.css';

/** Hidden for the rest of the browser session once closed; the next visit reminds again. */
const HIDDEN_KEY = 'foyer.unverified.hidden';

function hiddenThisSession(): boolean {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Until the sign-up address is verified, a line says so and offers the link again. On a phone it is
 * one short line with a close button, so it does not push the screen's content down.
 */
export function UnverifiedNotice() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useSession();
  const actions = useAccountActions();
  const [state, setState] = useState<{ busy: boolean; text: string | null }>({ busy: false, text: null });
  const [hidden, setHidden] = useState(hiddenThisSession);
  const phone = useMediaQuery('(max-width: 759.98px)');
  if (user?.email_verified !== false || hidden) return null;

  const hide = () => {
    try {
      sessionStorage.setItem(HIDDEN_KEY, '1');
    } catch {
      // Private mode without storage: hidden until the page reloads.
    }
    setHidden(true);
  };

  const resend = async () => {
    setState({ busy: true, text: null });
    const result = await actions.resendVerification(locale);
    setState({ busy: false, text: result.ok ? t('account.unverified.sent', { email: user.email }) : accountErrorText(t, locale, result) });
  };

  return (
    <section className="unverified-notice" aria-label={t('account.unverified.label')}>
      <p className="unverified-notice__text">{phone ? t('account.unverified.short') : t('account.unverified.text', { email: user.email })}</p>
      <Button variant="secondary" size="sm" busy={state.busy} onClick={resend}>
        {phone ? t('account.unverified.resendShort') : t('account.unverified.resend')}
      </Button>
      <button type="button" className="notice-close" aria-label={t('common.dismiss')} onClick={hide}>
        <span aria-hidden="true">×</span>
      </button>
      {state.text ? (
        <p className="unverified-notice__result" role="status">
          {state.text}
        </p>
      ) : null}
    </section>
  );
}

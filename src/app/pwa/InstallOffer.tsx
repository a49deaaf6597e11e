import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { dismissInstall, INSTALL_OFFER_DELAY_MS, installDismissed, installWay, promptInstall, subscribeInstall } from './install.ts';

/**
 * "Install Foyer", offered once the user has signed in and used the app for a moment, never on the
 * first paint. One tap opens the browser's install dialog; on iOS Safari the offer says how to add
 * Foyer to the home screen. "Not now" is remembered on this device.
 */
export function InstallOffer() {
  const { t } = useTranslation();
  const { user } = useSession();
  const way = useSyncExternalStore(subscribeInstall, installWay, () => null);
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(installDismissed);
  const signedIn = Boolean(user);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => setDue(true), INSTALL_OFFER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn]);

  if (!signedIn || !due || dismissed || !way) return null;

  const close = () => {
    dismissInstall();
    setDismissed(true);
  };

  return (
    <section className="install-offer" aria-labelledby="install-offer-title">
      <div className="install-offer__text">
        <h2 id="install-offer-title" className="install-offer__title">
          {t('install.title')}
        </h2>
        {/* On a phone the offer is one line (tabbar.css); how to install on iOS is worth its room. */}
        <p className={way === 'ios' ? 'muted' : 'muted install-offer__more'}>{way === 'ios' ? t('install.ios') : t('install.text')}</p>
      </div>
      <div className="install-offer__actions">
        {way === 'prompt' ? (
          <Button
            variant="primary"
            size="sm"
            // Installed or declined in the browser's dialog: either way the user has answered.
            onClick={() => void promptInstall().finally(close)}
          >
            {t('install.install')}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" className="install-offer__later" onClick={close}>
          {/* A phone shows a close mark where the words have no room; the button's name stays the words. */}
          <span className="install-offer__later-text">{t('install.notNow')}</span>
          <span className="install-offer__later-mark" aria-hidden="true">
            ×
          </span>
        </Button>
      </div>
    </section>
  );
}

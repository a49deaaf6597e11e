import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/Card.tsx';
import { STORE_LINKS } from './store-links.ts';

/**
 * The mobile app's store pages (store-links.ts says where they come from). Plain links (no store
 * scripts, no pictures from elsewhere): the badges below are drawn here.
 */

export function MobileAppCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('profile.app.title')} headingLevel={3}>
      <p className="muted">{t('profile.app.text')}</p>
      <div className="store-badges">
        <a className="store-badge" href={STORE_LINKS.appStore} target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.9-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8zM14.1 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.7-1.3z"
            />
          </svg>
          <span className="store-badge__text">
            <span className="store-badge__small">{t('profile.app.appStoreSmall')}</span>
            <span className="store-badge__big">{t('profile.app.appStore')}</span>
          </span>
        </a>
        <a className="store-badge" href={STORE_LINKS.googlePlay} target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M4 2.8v18.4c0 .4.4.7.8.5L20.6 12.5c.4-.2.4-.8 0-1L4.8 2.3c-.4-.2-.8.1-.8.5z" />
          </svg>
          <span className="store-badge__text">
            <span className="store-badge__small">{t('profile.app.googlePlaySmall')}</span>
            <span className="store-badge__big">{t('profile.app.googlePlay')}</span>
          </span>
        </a>
      </div>
    </Card>
  );
}

import { Link, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../ui/useLocale.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { SyncStatus } from './SyncStatus.tsx';
import { MessagesLink } from '../../features/messages/MessagesLink.tsx';
import { NotificationsBell } from '../../features/notifications/NotificationsBell.tsx';

export function Header() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav__link nav__link--active' : 'nav__link');
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={to('/')} className="logo" aria-label={t('header.home')}>
          <LogoMark />
          <span className="logo__text">{t('app.name')}</span>
        </Link>
        <nav className="nav" aria-label={t('nav.label')}>
          {/* `end` keeps "Events" from lighting up on the favorites page, which also starts with /events. */}
          <NavLink to={to('/events')} className={navClass} end>
            {t('nav.events')}
          </NavLink>
          <NavLink to={to('/profile/myevents')} className={navClass}>
            {t('nav.myEvents')}
          </NavLink>
          <NavLink to={to('/events/favorites')} className={navClass}>
            {t('nav.favorites')}
          </NavLink>
          <NavLink to={to('/people')} className={navClass}>
            {t('nav.people')}
          </NavLink>
          <NavLink to={to('/profile/mymeeting')} className={navClass}>
            {t('nav.appointments')}
          </NavLink>
          <MessagesLink className={navClass} />
        </nav>
        <div className="site-header__tools">
          <NotificationsBell />
          <LanguageMenu />
          <UserMenu />
        </div>
      </div>
      <SyncStatus />
    </header>
  );
}

function LogoMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M10 8h12v3.5h-8.2v3.2H21v3.4h-7.2V24H10z" fill="#fff" />
    </svg>
  );
}

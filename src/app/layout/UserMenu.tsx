import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession, useSyncStatus } from '../../data/index.ts';
import { useLoginHref } from '../../features/auth/useRequireLogin.ts';
import { Menu } from '../../ui/Menu.tsx';
import { useLocalePath } from '../useLocale.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const sync = useSyncStatus();
  const navigate = useNavigate();
  const to = useLocalePath();
  const loginHref = useLoginHref();
  const [leaving, setLeaving] = useState(false);

  if (session.status === 'loading') return <span className="user-menu__placeholder" aria-hidden="true" />;
  if (!session.user) {
    return (
      <Link className="btn btn--primary btn--sm" to={loginHref}>
        {t('header.login')}
      </Link>
    );
  }

  const { user } = session;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

  const logout = async () => {
    // Logging out wipes the device, queued work included (a door's scans not yet uploaded, say).
    if (sync.pending > 0 && !window.confirm(t('sync.logoutUnsent', { n: sync.pending }))) return;
    setLeaving(true);
    try {
      // The data layer wipes this device's copy of the user's data even when the server is unreachable.
      await session.logout();
    } finally {
      setLeaving(false);
      navigate(to('/'), { replace: true });
    }
  };

  return (
    <Menu
      label={t('header.userMenu', { name })}
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {initials}
          </span>
          <span className="user-menu__name">{name}</span>
        </>
      }
    >
      {(close) => (
        <ul className="menu__list">
          <li className="menu__note">{user.email}</li>
          <li>
            <Link className="menu__item" to={to('/profile')} onClick={close}>
              {t('nav.profile')}
            </Link>
          </li>
          <li>
            <Link className="menu__item" to={to(`/user/${user.id}/events`)} onClick={close}>
              {t('nav.userEvents')}
            </Link>
          </li>
          <li>
            <Link className="menu__item" to={to('/profile/myevents')} onClick={close}>
              {t('nav.myEvents')}
            </Link>
          </li>
          <li>
            <Link className="menu__item" to={to('/profile/mytickets')} onClick={close}>
              {t('nav.tickets')}
            </Link>
          </li>
          <li>
            <Link className="menu__item" to={to('/checkin')} onClick={close}>
              {t('nav.door')}
            </Link>
          </li>
          <li>
            <Link className="menu__item" to={to('/events/favorites')} onClick={close}>
              {t('nav.favorites')}
            </Link>
          </li>
          <li>
            <button type="button" className="menu__item menu__item--danger" disabled={leaving} onClick={() => void logout()}>
              {leaving ? t('header.loggingOut') : t('header.logout')}
            </button>
          </li>
        </ul>
      )}
    </Menu>
  );
}

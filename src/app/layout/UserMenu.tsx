import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRejections, useSession, useSyncStatus } from '../../data/index.ts';
import { useLoginHref } from '../../ui/useRequireLogin.ts';
import { Menu } from '../../ui/Menu.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';
import { menuGroups } from './menu-links.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const sync = useSyncStatus();
  const { items: refused } = useRejections();
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
    // Logging out wipes the device, queued work included (a door's scans not yet uploaded, say),
    // and parked actions, which were never applied either.
    const unsent = sync.pending + refused.filter((r) => r.parked).length;
    if (unsent > 0 && !window.confirm(t('sync.logoutUnsent', { n: unsent }))) return;
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
      className="user-menu"
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
          {menuGroups().map((group) => (
            <li key={group.label} className="menu__group">
              <ul className="menu__list" aria-label={t(group.label)}>
                {group.links.map(({ path, label }) => (
                  <li key={path}>
                    <Link className="menu__item" to={to(path)} onClick={close}>
                      {t(label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li className="menu__group">
            <button type="button" className="menu__item menu__item--danger" disabled={leaving} onClick={() => void logout()}>
              {leaving ? t('header.loggingOut') : t('header.logout')}
            </button>
          </li>
        </ul>
      )}
    </Menu>
  );
}

import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useNotifications, useSession } from '../../data/index.ts';
import { Menu } from '../../ui/Menu.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useNow } from '../../ui/useNow.ts';
import { NotificationRow } from './NotificationRow.tsx';
import './notifications.css';
import { Icon } from '../../ui/icons.tsx';

/** The panel shows the newest few; the page has the rest. */
const PANEL_SIZE = 5;
const RELATIVE_REFRESH_MS = 30_000;

/**
 * The header's notifications (events.md §4: "the unseen-invitations flag resets when the panel is
 * opened"): a bell that carries a flag while there are unread notices newer than the user's last
 * look on this device, and opens a panel with the newest ones and a way to all of them. Opening the
 * panel, like opening the page, puts the flag out.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { user } = useSession();
  const { data, markRead, markAllRead, markSeen } = useNotifications();
  const now = useNow(RELATIVE_REFRESH_MS);
  const onOpenChange = useCallback(
    (isOpen: boolean) => {
      if (isOpen) void markSeen();
    },
    [markSeen],
  );
  if (!user) return null;
  const newest = data.items.slice(0, PANEL_SIZE);
  const label = data.unseen > 0 ? t('notifications.bellUnseen', { count: data.unseen }) : t('notifications.bell');
  return (
    <Menu
      className="notifications-menu"
      label={label}
      onOpenChange={onOpenChange}
      trigger={
        <>
          <BellIcon />
          {data.unseen > 0 ? <span className="badge notifications-menu__badge">{data.unseen}</span> : null}
        </>
      }
    >
      {(close) => (
        <section className="notifications-panel" aria-label={t('notifications.title')}>
          <div className="notifications-panel__head">
            <h2 className="notifications-panel__title">{t('notifications.title')}</h2>
            <button type="button" className="btn btn--ghost btn--sm" disabled={data.markable === 0} onClick={() => void markAllRead()}>
              {t('notifications.markAllRead')}
            </button>
          </div>
          {newest.length === 0 ? (
            <p className="notifications-panel__empty">{t('notifications.none')}</p>
          ) : (
            <ul className="notice-list notice-list--panel" aria-label={t('notifications.listLabel')}>
              {newest.map((n) => (
                <NotificationRow key={n.key} item={n} nowMs={now} compact onRead={(key) => void markRead([key])} onLeave={close} />
              ))}
            </ul>
          )}
          <Link className="menu__item notifications-panel__all" to={to('/profile/notification')} onClick={close}>
            {t('notifications.all')}
          </Link>
        </section>
      )}
    </Menu>
  );
}

function BellIcon() {
  return (
    <Icon size={22} className="notifications-menu__bell">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16a1 1 0 0 0 .9 1.5h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 16a2.5 2.5 0 0 0 5 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

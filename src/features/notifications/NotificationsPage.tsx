import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications, useSession } from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useNow } from '../../ui/useNow.ts';
import { NotificationRow } from './NotificationRow.tsx';
import './notifications.css';

/** Notices shown at first and added by "show more". */
const PAGE = 30;
/** "5 minutes ago" moves on while the page stays open. */
const RELATIVE_REFRESH_MS = 30_000;

type Filter = 'all' | 'unread';

/**
 * /{locale}/profile/notification (events.md §2 header link): every notice the dashboard raised,
 * newest first, read and unread, each with its action, from the device. Opening the page puts the
 * header's unseen flag out; marking read (one, or all) reaches the user's other devices.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { user, status } = useSession();
  const { data, isLoading, markRead, markAllRead, markSeen } = useNotifications();
  const [filter, setFilter] = useState<Filter>('all');
  const [shown, setShown] = useState(PAGE);
  const now = useNow(RELATIVE_REFRESH_MS);
  useDocumentTitle(t('notifications.title'));

  // Whatever arrives while the page is open has been seen.
  useEffect(() => {
    if (user && data.unseen > 0) void markSeen();
  }, [user, data.unseen, markSeen]);

  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('notifications.title')} text={t('notifications.guestText')} />;

  const list = filter === 'unread' ? data.items.filter((n) => !n.read) : data.items;
  return (
    <div className="page page--narrow notifications-page">
      <div className="page__intro notifications-page__intro">
        <h1 className="page__title">{t('notifications.title')}</h1>
        <button type="button" className="btn btn--ghost btn--sm" disabled={data.markable === 0} onClick={() => void markAllRead()}>
          {t('notifications.markAllRead')}
        </button>
      </div>
      <fieldset className="notifications-filter">
        <legend className="visually-hidden">{t('notifications.filterLabel')}</legend>
        {(['all', 'unread'] as const).map((f) => (
          <button key={f} type="button" className="chip" aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {f === 'all' ? t('notifications.filter.all') : t('notifications.filter.unread', { count: data.unread })}
          </button>
        ))}
      </fieldset>
      {isLoading && data.items.length === 0 ? (
        <Spinner label={t('common.loading')} />
      ) : list.length === 0 ? (
        <EmptyState title={filter === 'unread' ? t('notifications.noneUnread') : t('notifications.none')} text={t('notifications.noneText')} />
      ) : (
        <>
          <ul className="notice-list" aria-label={t('notifications.listLabel')}>
            {list.slice(0, shown).map((n) => (
              <NotificationRow key={n.key} item={n} nowMs={now} onRead={(key) => void markRead([key])} />
            ))}
          </ul>
          {list.length > shown ? (
            <button type="button" className="btn btn--ghost notice-list__more" onClick={() => setShown((s) => s + PAGE)}>
              {t('notifications.showMore')}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}

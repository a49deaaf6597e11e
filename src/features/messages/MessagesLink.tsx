import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession, useUnreadCount } from '../../data/index.ts';
import { useLocalePath } from '../../app/useLocale.ts';

/** The header's link to the messages screen with the unread count of open, unmuted dialogs. */
export function MessagesLink({ className }: { className: (s: { isActive: boolean }) => string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { user } = useSession();
  const { data: unread } = useUnreadCount();
  const count = user ? unread : 0;
  return (
    <NavLink to={to('/profile/mymessages')} className={className} aria-label={count > 0 ? t('nav.messagesUnread', { count }) : undefined}>
      {t('nav.messages')}
      {count > 0 ? (
        <span className="badge nav__badge" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}

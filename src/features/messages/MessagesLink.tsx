import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession, useUnreadCount } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';

/** The header's link to the messages screen with the unread count of open, unmuted dialogs. */
export function MessagesLink({ className }: { className: (s: { isActive: boolean }) => string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { user } = useSession();
  const { data: unread } = useUnreadCount();
  const count = user ? unread : 0;
  return (
    <NavLink to={to('/profile/mymessages')} className={className}>
      {count > 0 ? (
        // Spoken as one phrase ("Messages, 2 unread"); the word and the badge are what the eye reads.
        // No aria-label over them, which would hide the visible word from voice control (WCAG 2.5.3).
        <>
          <span className="visually-hidden">{t('nav.messagesUnread', { count })}</span>
          <span aria-hidden="true">
            {t('nav.messages')}
            <span className="badge nav__badge">{count}</span>
          </span>
        </>
      ) : (
        t('nav.messages')
      )}
    </NavLink>
  );
}

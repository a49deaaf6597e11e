import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFriends, useUnreadCount, type OwnProfile } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { formatRelative } from '../../app/layout/relativeTime.ts';
import { Card } from '../../ui/Card.tsx';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { useWidgets } from '../../ui/widgets.ts';
import { MobileAppCard } from './MobileAppCard.tsx';
import { PrivacySwitches } from '../../ui/people/PrivacySwitches.tsx';

/**
 * The my-profile aside (networking.md §2, events.md §2): my tickets, unread messages, friends
 * (first 8), the privacy switches and the mobile app card. Unread messages come from the replicated
 * dialogs; friends are the server's last answer kept on the device (sync/views/people/on-device.ts) and say how
 * old it is.
 */
export function ProfileAside({ profile, privacyKnown }: { profile: OwnProfile; privacyKnown: boolean }) {
  const { TicketsAside } = useWidgets();
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const friends = useFriends();
  // Counted from the replicated dialogs, so it is exact offline and moves as messages are read.
  const unread = useUnreadCount();
  const asOf = (at: number | null) => (at ? t('profile.asOf', { time: formatRelative(at, Date.now(), i18n.language) }) : t('profile.notYetLoaded'));

  return (
    <aside className="profile-aside" aria-label={t('profile.asideLabel')}>
      <TicketsAside />

      <Card title={t('profile.unread.title')} headingLevel={3}>
        <p className="big-number">
          <Link to={to('/profile/mymessages')}>{unread.data}</Link>
        </p>
      </Card>

      <Card title={t('profile.friends.title')} headingLevel={3}>
        {friends.data.data && friends.data.data.first.length > 0 ? (
          <>
            <ul className="friends-list">
              {friends.data.data.first.map((f) => (
                <li key={f.user_id}>
                  <Link to={to(`/profiles/${f.user_id}`)} className="friends-list__item">
                    <Avatar src={f.avatar} firstName={f.first_name} lastName={f.last_name} countryCode={f.country_code} size="sm" />
                    <span>{`${f.first_name} ${f.last_name}`.trim()}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <p className="muted small">{t('profile.friends.count', { n: friends.data.data.count })}</p>
          </>
        ) : (
          <p className="muted">{friends.data.data ? t('profile.friends.none') : t('profile.friends.unknown')}</p>
        )}
        <p className="muted small">{asOf(friends.data.fetchedAt)}</p>
      </Card>

      <Card title={t('profile.privacy.title')} headingLevel={3}>
        <PrivacySwitches profile={profile} known={privacyKnown} />
      </Card>

      <MobileAppCard />
    </aside>
  );
}

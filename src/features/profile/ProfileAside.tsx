import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFriends, useUnreadMessages, type OwnProfile } from '../../data/index.ts';
import { useLocalePath } from '../../app/useLocale.ts';
import { formatRelative } from '../../app/layout/relativeTime.ts';
import { Card } from '../../ui/Card.tsx';
import { Avatar } from '../people/Avatar.tsx';
import { MobileAppCard } from './MobileAppCard.tsx';
import { PrivacySwitches } from './PrivacySwitches.tsx';

/**
 * The my-profile aside (networking.md §2, events.md §2): my tickets, unread messages, friends
 * (first 8), the privacy switches and the mobile app card. Unread messages and friends are the
 * server's last answers kept on the device (sync/caches.ts) until those areas replicate, and say
 * how old they are.
 */
export function ProfileAside({ profile, privacyKnown }: { profile: OwnProfile; privacyKnown: boolean }) {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const friends = useFriends();
  const unread = useUnreadMessages();
  const asOf = (at: number | null) => (at ? t('profile.asOf', { time: formatRelative(at, Date.now(), i18n.language) }) : t('profile.notYetLoaded'));

  return (
    <aside className="profile-aside" aria-label={t('profile.asideLabel')}>
      <Card title={t('profile.tickets.title')} headingLevel={3}>
        <p className="muted">{t('profile.tickets.later')}</p>
      </Card>

      <Card title={t('profile.unread.title')} headingLevel={3}>
        {unread.data.data ? (
          <p className="big-number">{unread.data.data.count}</p>
        ) : (
          <p className="muted">{t('profile.unread.unknown')}</p>
        )}
        <p className="muted small">{asOf(unread.data.fetchedAt)}</p>
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

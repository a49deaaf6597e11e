import { Link, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useProfile, useSession } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Card } from '../../ui/Card.tsx';
import { EmptyPage } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PersonActions } from '../../ui/people/PersonActions.tsx';
import { ProfileDetails } from './ProfileDetails.tsx';
import '../../ui/people/people.css';
import '../../ui/people/visitors-list.css';
import '../../ui/people/profiles.css';
import { parseId } from '../../../contract/ids.ts';

/**
 * /{locale}/profiles/:userId: somebody's profile as this device knows them — from the visitors of
 * the events the user takes part in — or, for anybody else, as the server shows it while online.
 * Offline such a profile is "not on this device", said as such rather than pretending the person
 * does not exist.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const userId = parseId(useParams().userId) ?? 0;
  const { user } = useSession();
  const { data, isLoading } = useProfile(userId || -1);
  useDocumentTitle(data.kind === 'other' ? data.person.name : t('profile.title'));

  if (user && userId === user.id) return <Navigate to={to('/profile')} replace />;
  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (data.kind !== 'other') {
    return (
      <EmptyPage
        title={data.kind === 'not_found' ? t('profile.notFound') : t('profile.notOnDevice')}
        text={data.kind === 'not_found' ? t('profile.notFoundText') : user ? t('profile.notOnDeviceText') : t('profile.notOnDeviceGuest')}
        action={
          <Link className="btn btn--primary" to={to('/people')}>
            {t('profile.browsePeople')}
          </Link>
        }
      />
    );
  }

  const { person, events } = data;
  return (
    <div className="page profile-page">
      <div className="profile-page__main">
        <ProfileDetails person={person} actions={<PersonActions person={person} show={{ favorite: true, like: true, message: true }} />} />
      </div>
      {/* A profile from the server comes without the events the device shares with the person. */}
      {events.length > 0 ? (
        <aside className="profile-aside" aria-label={t('profile.asideLabel')}>
          <Card title={t('profile.events')} headingLevel={3}>
            <ul className="plain-list">
              {events.map((e) => (
                <li key={e.id}>
                  <Link to={to(`/events/${e.id}`)}>{e.name || t('event.title')}</Link>{' '}
                  <Link className="muted small" to={to(`/events/${e.id}/visitors`)}>
                    {t('event.links.visitors')}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </aside>
      ) : null}
    </div>
  );
}

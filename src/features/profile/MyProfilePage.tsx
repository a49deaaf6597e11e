import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { STATUS_TYPE_VALUES } from '../../../contract/index.ts';
import { effectiveShowStatus, useProfile, useSession, useStatusTypes } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { formatRelative } from '../../app/layout/relativeTime.ts';
import { EmptyPage } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { ProfileAside } from './ProfileAside.tsx';
import { ProfileDetails } from './ProfileDetails.tsx';
import { VisitorInfoForm } from './VisitorInfoForm.tsx';
import '../../ui/people/people.css';
import '../../ui/people/visitors-list.css';
import '../../ui/people/profiles.css';

/**
 * /{locale}/profile: the signed-in user's profile, the visitor info form and the aside. The
 * profile is the server's last answer kept on the device (or the user's own visitors card before
 * there is one), with edits queued offline shown at once.
 */
export function MyProfilePage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { user, status } = useSession();
  const { data, isLoading } = useProfile(null);
  const statusTypes = useStatusTypes(locale);
  const [editing, setEditing] = useState(false);
  const to = useLocalePath();
  useDocumentTitle(t('profile.myTitle'));

  if (status === 'ready' && !user) return <LoginPrompt title={t('profile.myTitle')} text={t('profile.guestText')} />;
  if (isLoading || status === 'loading') return <Spinner label={t('common.loading')} />;
  if (data.kind !== 'own') {
    return <EmptyPage title={t('profile.myTitle')} text={t('profile.ownNotYet')} />;
  }

  const { profile } = data;
  // The server's labels once fetched (kept for offline use); the contract's values meanwhile.
  const types = statusTypes.data.data?.length
    ? statusTypes.data.data
    : STATUS_TYPE_VALUES.map((value) => ({ value, label: t(`profile.showStatusLabels.${value}`) }));
  const showStatus = effectiveShowStatus(profile.show_status, types);

  return (
    <div className="page profile-page">
      <div className="profile-page__main">
        <ProfileDetails
          person={profile}
          actions={
            <button type="button" className="btn btn--primary" onClick={() => setEditing(true)}>
              {t('profile.edit')}
            </button>
          }
        />
        <p className="muted small profile-page__source" role="status">
          {data.pending
            ? t('profile.pending')
            : data.fetchedAt
              ? t('profile.asOf', { time: formatRelative(data.fetchedAt, Date.now(), i18n.language) })
              : t('profile.fromCard')}
        </p>
        <p className="muted">{t('profile.visibleTo', { who: types.find((s) => s.value === showStatus)?.label ?? '' })}</p>
        {/* The public page of one's events lives here, not in the account menu beside "My events". */}
        {user ? (
          <p>
            <Link to={to(`/user/${user.id}/events`)}>{t('nav.userEvents')}</Link>
          </p>
        ) : null}
      </div>
      <ProfileAside profile={profile} privacyKnown={data.privacyKnown} />
      {editing ? <VisitorInfoForm open profile={profile} statusTypes={types} showStatus={showStatus} onClose={() => setEditing(false)} /> : null}
    </div>
  );
}

import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useAccountSessions, useProfile, useSession } from '../../data/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { AvatarSection } from './AvatarSection.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { DevicesSection } from './DevicesSection.tsx';
import { EmailForm } from './EmailForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { PersonalForm } from './PersonalForm.tsx';
import { PlaceSection } from './PlaceSection.tsx';
import { PreferencesSection } from './PreferencesSection.tsx';
import './account.css';

/**
 * `/{locale}/profile/settings` (events.md §2 header and user menu). The profile and preferences
 * are read from the device and saved through the outbox, so they work offline; the account's
 * email, password and devices need the server and say so when it cannot be reached.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const profile = useProfile(null);
  const sessions = useAccountSessions();
  const [params] = useSearchParams();
  useDocumentTitle(t('account.settings.title'));

  if (session.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!session.user) return <LoginPrompt title={t('account.settings.title')} text={t('account.settings.guest')} />;
  const state = profile.data;

  return (
    <div className="page page--narrow settings">
      <h1>{t('account.settings.title')}</h1>
      {params.get('reset') === '1' ? <p role="status">{t('account.reset.done')}</p> : null}
      {state.kind === 'own' ? (
        <>
          {state.pending ? <p className="note">{t('profile.pending')}</p> : null}
          <AvatarSection profile={state.profile} />
          <PersonalForm key={`${state.profile.user_id}:${state.fetchedAt ? 'server' : 'device'}`} profile={state.profile} />
          <PlaceSection profile={state.profile} />
          <PreferencesSection profile={state.profile} known={state.privacyKnown} />
        </>
      ) : (
        <p className="note">{profile.isLoading ? t('common.loading') : t('profile.ownNotYet')}</p>
      )}
      <section className="settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account">{t('account.settings.account')}</h2>
        <p className="muted">{t('account.needsNetworkNote')}</p>
        <EmailForm current={session.user.email} />
        <PasswordForm onChanged={sessions.reload} />
      </section>
      <DevicesSection sessions={sessions} />
      <DeleteAccountSection userId={session.user.id} />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../contract/constants.ts';
import { NOTIFY_EMAIL_KINDS } from '../../../contract/accounts.ts';
import { STATUS_TYPE_VALUES } from '../../../contract/visitors.ts';
import { useProfileActions, type OwnProfile, type ProfilePatch } from '../../data/index.ts';
import { PrivacySwitches } from '../../ui/people/PrivacySwitches.tsx';
import { FormError } from '../../ui/form/Field.tsx';
import { useLocalWrite } from '../../ui/useLocalWrite.ts';
import { NotifyChecks } from './NotifyChecks.tsx';
import { PushChecks } from './PushChecks.tsx';

/** Language names in their own language: a person who cannot read the current one still finds theirs. */
const LANGUAGE_NAMES: Record<string, string> = { uk: 'Українська', en: 'English', ru: 'Русский', pl: 'Polski' };

/**
 * Who can see me, the privacy switches, the interface language and the email notices. Each choice
 * is saved as it is made, through the outbox, so it works offline like the switches of the
 * profile aside; the mail sender reads `notify_email`, the push sender `notify_push`.
 */
export function PreferencesSection({ profile, known }: { profile: OwnProfile; known: boolean }) {
  const { t } = useTranslation();
  const actions = useProfileActions();
  const { failed, write } = useLocalWrite('settings update failed');
  const save = (patch: ProfilePatch) => write(() => actions.update(patch));

  return (
    <section className="settings-section" aria-labelledby="settings-preferences">
      <h2 id="settings-preferences">{t('account.preferences.title')}</h2>
      <div className="field">
        <label htmlFor="settings-show-status">{t('profile.form.showStatus')}</label>
        <select id="settings-show-status" value={profile.show_status || STATUS_TYPE_VALUES[0]} onChange={(e) => save({ show_status: Number(e.target.value) })}>
          {STATUS_TYPE_VALUES.map((v) => (
            <option key={v} value={v}>
              {t(`profile.showStatusLabels.${v}`)}
            </option>
          ))}
        </select>
      </div>
      <h3>{t('profile.privacy.title')}</h3>
      <PrivacySwitches profile={profile} known={known} />
      <div className="field">
        <label htmlFor="settings-locale">{t('account.preferences.language')}</label>
        <select id="settings-locale" value={profile.locale} onChange={(e) => save({ locale: e.target.value as NonNullable<ProfilePatch['locale']> })}>
          <option value="">{t('account.preferences.languageDevice')}</option>
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="settings-checks">
        <legend>{t('account.preferences.emails')}</legend>
        <p className="muted">{t('account.preferences.emailsLead')}</p>
        <NotifyChecks kinds={NOTIFY_EMAIL_KINDS} prefs={profile.notify_email} name="notify" onChange={(kind, on) => save({ notify_email: { [kind]: on } })} />
      </fieldset>
      <PushChecks prefs={profile.notify_push} onChange={(kind, on) => save({ notify_push: { [kind]: on } })} />
      <FormError>{failed ? t('errors.local_write_failed') : null}</FormError>
    </section>
  );
}

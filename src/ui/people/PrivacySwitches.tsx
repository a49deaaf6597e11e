import { useTranslation } from 'react-i18next';
import { useProfileActions, type OwnProfile } from '../../data/index.ts';
import { flipPatch, isShown, PRIVACY_SWITCHES, type PrivacySwitch } from './privacy.ts';
import { FormError } from '../form/Field.tsx';
import { useLocalWrite } from '../useLocalWrite.ts';

/**
 * The privacy switches of the profile aside (the specs' four, and gender and age), all worded "Show my …" (privacy.ts). Each is a switch (role="switch"), saved at once
 * through the outbox, so it works offline; the server applies it to every other device at their
 * next sync. Until the device has the server's profile it does not know their positions, and says so.
 */
export function PrivacySwitches({ profile, known }: { profile: OwnProfile; known: boolean }) {
  const { t } = useTranslation();
  const actions = useProfileActions();
  const { failed, write } = useLocalWrite('privacy switch failed');
  const flip = (sw: PrivacySwitch) => write(() => actions.setPrivacy(flipPatch(sw, profile)));
  return (
    <div className="privacy">
      {!known ? <p className="note">{t('profile.privacy.unknown')}</p> : null}
      <ul className="privacy__list">
        {PRIVACY_SWITCHES.map((sw) => (
          <li key={sw.flag} className="privacy__item">
            <span id={`privacy-${sw.flag}`}>{t(sw.label)}</span>
            <button
              type="button"
              role="switch"
              className="switch"
              aria-checked={isShown(sw, profile)}
              aria-labelledby={`privacy-${sw.flag}`}
              disabled={!known}
              onClick={() => flip(sw)}
            >
              <span className="switch__thumb" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <FormError>{failed ? t('errors.local_write_failed') : null}</FormError>
    </div>
  );
}

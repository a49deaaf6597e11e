import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileActions, type OwnProfile } from '../../data/index.ts';

const SWITCHES = ['show_email', 'hide_phone', 'hide_trip_plan', 'hide_from_visitors'] as const;
type Switch = (typeof SWITCHES)[number];

/**
 * The four privacy switches of the profile aside. Each is a switch (role="switch"), saved at once
 * through the outbox, so it works offline; the server applies it to every other device at their
 * next sync. Until the device has the server's profile it does not know their positions, and says so.
 */
export function PrivacySwitches({ profile, known }: { profile: OwnProfile; known: boolean }) {
  const { t } = useTranslation();
  const actions = useProfileActions();
  const [failed, setFailed] = useState(false);
  const flip = (name: Switch) => {
    setFailed(false);
    actions.setPrivacy({ [name]: !profile[name] }).catch((error: unknown) => {
      console.error('privacy switch failed', error);
      setFailed(true);
    });
  };
  return (
    <div className="privacy">
      {!known ? <p className="note">{t('profile.privacy.unknown')}</p> : null}
      <ul className="privacy__list">
        {SWITCHES.map((name) => (
          <li key={name} className="privacy__item">
            <span id={`privacy-${name}`}>{t(`profile.privacy.${name}`)}</span>
            <button
              type="button"
              role="switch"
              className="switch"
              aria-checked={profile[name]}
              aria-labelledby={`privacy-${name}`}
              disabled={!known}
              onClick={() => flip(name)}
            >
              <span className="switch__thumb" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {failed ? (
        <p className="form-error" role="alert">
          {t('errors.local_write_failed')}
        </p>
      ) : null}
    </div>
  );
}

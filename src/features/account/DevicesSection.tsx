import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSessions } from '../../data/index.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { Button } from '../../ui/Button.tsx';
import { accountErrorText } from './errors.ts';
import { FormError } from '../../ui/form/Field.tsx';

/** The signed-in devices with "sign out" for each and for all others; it needs the network. */
export function DevicesSection({ sessions }: { sessions: AccountSessions }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | 'others' | null>(null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const end = async (which: { id: number } | 'others') => {
    setBusy(which === 'others' ? 'others' : which.id);
    setError(null);
    const result = await sessions.end(which);
    setBusy(null);
    if (!result.ok) setError(accountErrorText(t, locale, result));
  };

  const others = sessions.items.filter((s) => !s.current).length;
  return (
    <section className="settings-section" aria-labelledby="settings-devices">
      <h2 id="settings-devices">{t('account.devices.title')}</h2>
      {sessions.error ? (
        <p className="form-error" role="alert">
          {sessions.error === 'network_error' ? t('account.needsNetwork') : t(`errors.${sessions.error}`)}{' '}
          <Button size="sm" onClick={sessions.reload}>
            {t('account.retry')}
          </Button>
        </p>
      ) : null}
      <FormError>{error}</FormError>
      <ul className="settings-devices">
        {sessions.items.map((s) => (
          <li key={s.id}>
            <span>
              <strong>{s.user_agent || t('account.devices.unknown')}</strong>
              <span className="muted"> · {t('account.devices.since', { when: date.format(new Date(s.created_at)) })}</span>
              {s.current ? <span className="badge"> {t('account.devices.current')}</span> : null}
            </span>
            {s.current ? null : (
              <Button
                size="sm"
                busy={busy === s.id}
                onClick={() => end({ id: s.id })}
                aria-label={t('account.devices.signOutOne', { device: s.user_agent || t('account.devices.unknown') })}
              >
                {t('account.devices.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Button busy={busy === 'others'} onClick={() => end('others')}>
          {t('account.devices.signOutOthers')}
        </Button>
      ) : null}
    </section>
  );
}

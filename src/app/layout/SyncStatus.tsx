import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../data/index.ts';
import { useNow } from '../../ui/useNow.ts';
import { Button } from '../../ui/Button.tsx';
import { formatRelative } from './relativeTime.ts';
import { useLocale } from '../../ui/useLocale.ts';

/** How often "synced N minutes ago" is redrawn; it never shows seconds, so this is plenty. */
const RELATIVE_TIME_REFRESH_MS = 15_000;

/**
 * Always on screen: whether this device is talking to the server, what is still waiting to be sent
 * and how fresh the local copy is. In a venue with poor coverage this is what tells the user that a
 * tap was kept and will be sent, not lost.
 */
export function SyncStatus() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const status = useSyncStatus();
  const now = useNow(RELATIVE_TIME_REFRESH_MS);

  const errorText = status.error ? (i18n.exists(`errors.${status.error.code}`) ? t(`errors.${status.error.code}`) : t('sync.errorGeneric')) : null;

  return (
    <div className={`sync sync--${status.state}`}>
      <div className="sync__inner">
        <p className="sync__state" role="status">
          <span className="sync__dot" aria-hidden="true" />
          <span>{t(`sync.state.${status.state}`)}</span>
          {status.pending > 0 ? <span className="sync__pending">{t('sync.pending', { n: status.pending })}</span> : null}
        </p>
        <p className="sync__time">
          {status.lastSyncedAt === null
            ? t('sync.neverSynced')
            : t('sync.lastSynced', { time: formatRelative(status.lastSyncedAt, Math.max(now, status.lastSyncedAt), locale) })}
        </p>
        {status.state === 'error' ? (
          <div className="sync__error" role="alert">
            <span>{errorText}</span>
            <Button size="sm" variant="secondary" onClick={() => status.retry()}>
              {t('sync.retry')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

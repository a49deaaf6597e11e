import { useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../data/index.ts';
import { applyUpdate, dismissUpdate, getUpdatePhase, registerServiceWorker, subscribeUpdate } from './register.ts';
import { isSafeToUpdate, shouldOfferUpdate, type UpdatePhase } from './update-gate.ts';

/** Server render and tests without a worker see no update. */
const noUpdate = (): UpdatePhase => 'none';

export function usePwaUpdate(): UpdatePhase {
  return useSyncExternalStore(subscribeUpdate, getUpdatePhase, noUpdate);
}

/**
 * "A new version is available — Reload". Mounted once in the layout. It registers the service worker
 * and appears only while a reload would interrupt nothing (see isSafeToUpdate): a pull or an outbox
 * drain in progress hides it until the sync settles, so the user can never cut one short.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const phase = usePwaUpdate();
  const sync = useSyncStatus();

  useEffect(() => {
    registerServiceWorker();
  }, []);

  if (!shouldOfferUpdate(phase, sync)) return null;
  const applying = phase === 'applying';

  const onReload = () => {
    // The status may have changed since this render was committed; never apply over a running sync.
    if (isSafeToUpdate(sync)) applyUpdate();
  };

  return (
    <div role="status" aria-live="polite" className="pwa-update" data-phase={phase} style={barStyle}>
      <span>{t('pwa.update_available')}</span>
      <button type="button" className="pwa-update__reload" onClick={onReload} disabled={applying} aria-busy={applying}>
        {t('pwa.reload')}
      </button>
      {!applying && (
        <button type="button" className="pwa-update__later" onClick={dismissUpdate}>
          {t('pwa.later')}
        </button>
      )}
    </div>
  );
}

/**
 * Only what keeps the bar usable wherever the layout mounts it (above content, clear of the bottom
 * edge); colours and type come from the layout's stylesheet through the class names.
 */
const barStyle: CSSProperties = {
  position: 'fixed',
  insetInline: '1rem',
  // Above the dashboard's notices, which take the bottom edge (Dashboard.tsx reports their height).
  bottom: 'calc(1rem + var(--notices-height, 0px) + var(--bottom-bar-height, 0px) + env(safe-area-inset-bottom, 0px))',
  zIndex: 1000,
  display: 'flex',
  gap: '0.75rem',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  maxWidth: '32rem',
  marginInline: 'auto',
  padding: '0.75rem 1rem',
  borderRadius: '0.75rem',
  background: 'var(--pwa-update-bg, #0f4c81)',
  color: 'var(--pwa-update-fg, #fff)',
  boxShadow: '0 6px 24px rgb(0 0 0 / 0.2)',
};

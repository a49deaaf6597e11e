import { useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstSyncPending, useSyncStatus } from '../../data/index.ts';
import { applyUpdate, dismissUpdate, getUpdatePhase, registerServiceWorker, subscribeUpdate } from './register.ts';
import { isSafeToUpdate, shouldOfferUpdate, type UpdatePhase } from './update-gate.ts';

/** Server render and tests without a worker see no update. */
const noUpdate = (): UpdatePhase => 'none';

/**
 * A device still on its way to its first sync registers the service worker at the latest this long
 * after the layout mounts (a server that never answers must not keep the app from installing).
 */
const REGISTER_AT_LATEST_MS = 10_000;
/** How long an idle moment may be waited for once the first sync is in. */
const IDLE_WAIT_MS = 2000;

/** Runs `fn` when the main thread is next idle (Safari has no requestIdleCallback: a timer stands in). */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout: IDLE_WAIT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(fn, 0);
  return () => clearTimeout(timer);
}

export function usePwaUpdate(): UpdatePhase {
  return useSyncExternalStore(subscribeUpdate, getUpdatePhase, noUpdate);
}

/**
 * "A new version is available — Reload". Mounted once in the layout. It registers the service worker
 * and appears only while a reload would interrupt nothing (see isSafeToUpdate): a pull or an outbox
 * drain in progress hides it until the sync settles, so the user can never cut one short.
 *
 * The worker is registered once the first visit's own work is done: the first sync is in and its
 * screens are drawn (the next idle moment after that). Its install fetches and caches every chunk
 * of the app, and on a first visit that ran beside the first render and the first sync, competing
 * with them for the phone's CPU and the venue's network. On this project's 2-core machine it made
 * the first visit's main thread busy about a quarter longer at 4× CPU (bench:first-visit-ratio).
 * A device that has synced before registers at once (at the next idle moment); the worker is
 * installed by then and registration only checks it.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const phase = usePwaUpdate();
  const sync = useSyncStatus();
  const firstSyncPending = useFirstSyncPending();

  useEffect(() => {
    if (!firstSyncPending) return whenIdle(registerServiceWorker);
    const timer = setTimeout(registerServiceWorker, REGISTER_AT_LATEST_MS);
    return () => clearTimeout(timer);
  }, [firstSyncPending]);

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

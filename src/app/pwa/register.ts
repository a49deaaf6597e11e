/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { CLAIM_MESSAGE } from './sw-rules.ts';
import type { UpdatePhase } from './update-gate.ts';

/**
 * Service worker registration and the update state of this tab, as a tiny external store for
 * useSyncExternalStore. The page never reloads on its own: a new version waits until the update
 * prompt (UpdatePrompt.tsx) sees an idle sync and the user presses Reload.
 */

/** A tab left open for a multi-day event should still learn about new builds. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** If the waiting worker vanished (another tab won the race), give the button back instead of hanging. */
const APPLY_TIMEOUT_MS = 10_000;

let phase: UpdatePhase = 'none';
const listeners = new Set<() => void>();
let sendSkipWaiting: ((reloadPage?: boolean) => Promise<void>) | null = null;
let applyTimer: ReturnType<typeof setTimeout> | undefined;

function setPhase(next: UpdatePhase) {
  if (next === phase) return;
  phase = next;
  for (const listener of listeners) listener();
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getUpdatePhase(): UpdatePhase {
  return phase;
}

/**
 * Registers /sw.js once per page; later calls do nothing. Called by UpdatePrompt on mount and safe to
 * call earlier from the entry point.
 */
export function registerServiceWorker(): void {
  if (sendSkipWaiting || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first worker claiming a fresh page is the install, not an update: nothing to reload.
    if (!controlled) {
      controlled = true;
      return;
    }
    onControllerChange();
  });
  sendSkipWaiting = registerSW({
    onNeedRefresh() {
      if (phase !== 'applying') setPhase('waiting');
    },
    // Providing this is what stops the plugin's own unconditional reload. The plugin calls it only
    // when the page was already controlled at registration, which misses the tab that installed the
    // first version and then lives on to see the second; the controllerchange listener above covers
    // every tab.
    onNeedReload() {},
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // A page whose navigation was under way while the worker activated is left uncontrolled (the
      // worker's claim takes only pages already running), and its later chunks would not come from
      // the cache. The worker registers after the first sync, a few seconds into a first visit, so a
      // page opened from a link then (the address confirmation) can meet that moment: it asks.
      if (!navigator.serviceWorker.controller && registration.active) registration.active.postMessage({ type: CLAIM_MESSAGE });
      const check = () => {
        if (!navigator.onLine || registration.installing) return;
        // Offline or a server restart makes update() reject; the next check tries again.
        registration.update().catch(() => undefined);
      };
      setInterval(check, UPDATE_CHECK_INTERVAL_MS);
      window.addEventListener('online', check);
    },
    onRegisterError(error: unknown) {
      console.warn('[pwa] service worker registration failed', error);
    },
  });
}

/** A newer worker now controls this tab: reload if this tab asked for it, otherwise offer to. */
function onControllerChange() {
  clearTimeout(applyTimer);
  if (phase === 'applying') window.location.reload();
  else setPhase('activated');
}

/**
 * Lets the new version take over and reloads this tab. The caller (UpdatePrompt) checks first that the
 * sync is idle; this only does the mechanics.
 */
export function applyUpdate(): void {
  if (phase === 'activated') {
    window.location.reload();
    return;
  }
  if (phase !== 'waiting' || !sendSkipWaiting) return;
  setPhase('applying');
  void sendSkipWaiting(true);
  clearTimeout(applyTimer);
  applyTimer = setTimeout(() => {
    if (phase === 'applying') setPhase('waiting');
  }, APPLY_TIMEOUT_MS);
}

/** Hides the prompt for this page; the new version still takes over once every Foyer tab is closed. */
export function dismissUpdate(): void {
  if (phase === 'waiting' || phase === 'activated') setPhase('none');
}

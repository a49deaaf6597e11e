/**
 * Foyer's own install offer. Chromium announces that the app can be installed with
 * `beforeinstallprompt`; the event is kept here (the listener is added before React renders, as the
 * event may come early) so the offer can show at a sensible moment instead of the browser's own
 * mini-infobar. iOS Safari has no such event: there the offer explains Share → Add to Home Screen.
 */

/** How long a signed-in user uses the app before the offer appears: never on the first paint. */
export const INSTALL_OFFER_DELAY_MS = 8_000;
const DISMISSED_KEY = 'foyer.install.dismissed';

/** The part of Chromium's BeforeInstallPromptEvent we use (it is not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

export function watchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own infobar away; our offer asks at its moment.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type InstallWay = 'prompt' | 'ios' | null;

/** How this device can install Foyer now, or null (installed, already running installed, or no way). */
export function installWay(): InstallWay {
  if (installed || runningInstalled()) return null;
  if (deferred) return 'prompt';
  return isIosSafari(navigator.userAgent) ? 'ios' : null;
}

/** Shows the browser's install dialog; false when the user declined or the chance has passed. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  // The event can be used once: after this the browser sends a new one if it still may.
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  notify();
  return outcome === 'accepted';
}

function runningInstalled(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

/** Safari on an iPhone or iPad, where Add to Home Screen is the only way (other iOS browsers name themselves). */
export function isIosSafari(userAgent: string): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|YaBrowser|DuckDuckGo/.test(userAgent);
}

export function installDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

export function dismissInstall(): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode): the offer simply comes back next time.
  }
}

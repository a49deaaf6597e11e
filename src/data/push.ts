import { useCallback, useEffect, useState } from 'react';
import { fromBase64Url } from '../../contract/checkin.ts';
import type { PushKey } from '../../contract/push.ts';
import { useRuntime } from './hooks.ts';
import { callOnline } from './online.ts';

/**
 * This browser's Web Push subscription (issue 31), for the settings screen. Turning it on asks for
 * the notification permission, subscribes with the server's VAPID key and hands the subscription
 * over as the `push.subscribe` command, queued like every write; turning it off unsubscribes and
 * queues `push.unsubscribe`. The server keeps a subscription as long as the session that made it,
 * so an existing one is handed over again when the screen opens: after signing out and in, or as
 * another person, the browser is this person's again.
 */

/** How long subscribing may take before the screen says it failed. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on' | 'busy';

export interface PushDevice {
  state: PushState;
  /** The last attempt to turn it on failed (offline, or the browser refused to subscribe). */
  failed: boolean;
  enable(): Promise<void>;
  disable(): Promise<void>;
}

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function payloadOf(sub: PushSubscription) {
  const keys = sub.toJSON().keys ?? {};
  return { endpoint: sub.endpoint, p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' };
}

export function usePushDevice(): PushDevice {
  const runtime = useRuntime();
  const [state, setState] = useState<PushState>(() => (supported() ? 'busy' : 'unsupported'));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!supported()) return;
    let live = true;
    const settle = (next: PushState) => {
      if (live) setState(next);
    };
    (async () => {
      if (Notification.permission === 'denied') return settle('blocked');
      const sub = Notification.permission === 'granted' ? await currentSubscription() : null;
      if (sub) await runtime.enqueue('push.subscribe', payloadOf(sub));
      settle(sub ? 'on' : 'off');
    })().catch((err: unknown) => {
      console.error('foyer: reading the push subscription failed', err);
      settle('off');
    });
    return () => {
      live = false;
    };
  }, [runtime]);

  const enable = useCallback(async () => {
    setFailed(false);
    setState('busy');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const key = await callOnline<PushKey>(runtime, '/api/push/key');
      if (!key.ok) throw new Error(`push key: ${key.code}`);
      const applicationServerKey = fromBase64Url(key.data.public_key);
      if (!applicationServerKey) throw new Error('push key: not base64url');
      const registration = await navigator.serviceWorker.ready;
      // One made for another key (the server's pair changed) cannot be reused: the browser refuses a second.
      await (await registration.pushManager.getSubscription())?.unsubscribe();
      // A browser that cannot reach its push service (a venue with no Internet, headless Chromium) never answers.
      const sub = await Promise.race([
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey as BufferSource }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('push service unreachable')), SUBSCRIBE_TIMEOUT_MS)),
      ]);
      await runtime.enqueue('push.subscribe', payloadOf(sub));
      setState('on');
    } catch (err) {
      console.error('foyer: turning notifications on failed', err);
      setFailed(true);
      setState(Notification.permission === 'denied' ? 'blocked' : 'off');
    }
  }, [runtime]);

  const disable = useCallback(async () => {
    setFailed(false);
    setState('busy');
    try {
      const sub = await currentSubscription();
      if (sub) {
        await runtime.enqueue('push.unsubscribe', { endpoint: sub.endpoint });
        await sub.unsubscribe();
      }
    } catch (err) {
      console.error('foyer: turning notifications off failed', err);
    }
    setState('off');
  }, [runtime]);

  return { state, failed, enable, disable };
}

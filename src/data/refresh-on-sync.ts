import { useEffect, useRef } from 'react';
import type { CacheKey } from '../../workers/caches.ts';
import { useRuntime, useStore } from './hooks.ts';

/**
 * Asks the sync worker to fetch these read-through caches when the screen opens, and once more the
 * first time the sync is up to date after that. A screen that opens with the app (a reload, a deep
 * link) renders before the worker has started, and the runtime does not keep an ask made before
 * then; without the second ask such a screen would show its last answer until the next reconnect.
 */
export function useRefreshOnSync(keys: readonly CacheKey[]): void {
  const runtime = useRuntime();
  const state = useStore(runtime.sync).state;
  const joined = keys.join('|');
  const askedWhileUp = useRef(false);
  useEffect(() => {
    askedWhileUp.current = false;
    if (joined) runtime.refresh(joined.split('|'));
  }, [runtime, joined]);
  useEffect(() => {
    if (state !== 'idle' || askedWhileUp.current || !joined) return;
    askedWhileUp.current = true;
    runtime.refresh(joined.split('|'));
  }, [runtime, joined, state]);
}

import { useEffect, useMemo, useState } from 'react';
import type { CheckinListFields, CheckinListsAnswer } from '../../contract/checkin-lists.ts';
import { useRuntime, useStore } from './hooks.ts';
import { callOnline, type OnlineResult } from './online.ts';

/** How often the organiser's screen reads the counts again while it is open and nothing synced. */
const LIST_COUNTS_REFRESH_MS = 15_000;

/**
 * Check-in lists for the organiser (contract/checkin-lists.ts): read online with their live counts,
 * like the waitlist, again after every sync (the organiser's own queued changes come back through
 * it) and every few seconds for the counts; made, changed and removed by commands.
 */
export function useCheckinLists(eventId: number): { result: OnlineResult<CheckinListsAnswer> | null; loading: boolean } {
  const runtime = useRuntime();
  const sync = useStore(runtime.sync);
  const lastSyncedAt = sync.lastSyncedAt;
  const [state, setState] = useState<{ result: OnlineResult<CheckinListsAnswer> | null; loading: boolean }>({ result: null, loading: true });
  const [round, setRound] = useState(0);
  // Scans at the doors move the counts without touching anything this device syncs: read them again now and then.
  useEffect(() => {
    const timer = setInterval(() => setRound((n) => n + 1), LIST_COUNTS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    // Both are reasons to read again, not inputs of the read.
    void lastSyncedAt;
    void round;
    callOnline<CheckinListsAnswer>(runtime, `/api/checkin/lists?event_id=${eventId}`, undefined, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      // Offline, the last answer stays on screen rather than a failure.
      setState((s) => (result.ok || !s.result?.ok ? { result, loading: false } : { ...s, loading: false }));
    });
    return () => controller.abort();
  }, [runtime, eventId, lastSyncedAt, round]);
  return state;
}

export interface CheckinListActions {
  save(eventId: number, listId: number | null, fields: CheckinListFields): Promise<void>;
  remove(eventId: number, listId: number): Promise<void>;
}

export function useCheckinListActions(): CheckinListActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      save: (eventId, listId, fields) => runtime.enqueue('checkin_list.save', { event_id: eventId, ...(listId ? { list_id: listId } : {}), fields }),
      remove: (eventId, listId) => runtime.enqueue('checkin_list.delete', { event_id: eventId, list_id: listId }),
    }),
    [runtime],
  );
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { callOnline, type OnlineResult } from './online.ts';
import { useRuntime, useStore } from './hooks.ts';

/**
 * Holders' requests to cancel paid tickets, for the organisers' orders screen
 * (server/routes/api/cancel-requests.ts). Read and decided online like the order actions: they
 * hold addresses, and approving a card order's request asks the card provider for the money.
 */

export interface CancelRequestItem {
  id: number;
  ticket_id: number;
  /** Unix seconds of the request. */
  created_at: number;
  type: string;
  name: string;
  price: number;
  currency: string;
  email: string;
  order_code: string;
  method: string;
}

export function useCancelRequests(eventId: number): { result: OnlineResult<{ items: CancelRequestItem[] }> | null; reload(): void } {
  const runtime = useRuntime();
  const online = useStore(runtime.sync).state !== 'offline';
  const [result, setResult] = useState<OnlineResult<{ items: CancelRequestItem[] }> | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    callOnline<{ items: CancelRequestItem[] }>(runtime, `/api/events/${eventId}/cancel-requests`, undefined, controller.signal).then((r) => {
      // Offline keeps the last list; the buttons wait for the network anyway.
      if (!controller.signal.aborted) setResult((prev) => (r.ok || !prev?.ok ? r : prev));
    });
    return () => controller.abort();
  }, [runtime, eventId, online, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { result, reload };
}

export interface CancelRequestActions {
  decide(eventId: number, requestId: number, decision: 'approve' | 'decline'): Promise<OnlineResult<{ state: string }>>;
}

export function useCancelRequestActions(): CancelRequestActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      decide: (eventId, requestId, decision) => callOnline(runtime, `/api/events/${eventId}/cancel-requests/${requestId}/${decision}`, {}),
    }),
    [runtime],
  );
}

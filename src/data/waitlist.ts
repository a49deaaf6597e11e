import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TicketDoc } from '../../contract/tickets.ts';
import type { WaitlistAdminView } from '../../contract/waitlist.ts';
import type { QueuedCommand } from '../../sync/store/overlay.ts';
import { organiserWaitlistQueue, waitlistPlaces, type WaitlistPlace } from '../../sync/views/tickets/waitlist.ts';
import type { Loadable } from './api.ts';
import { query } from './device.ts';
import { useDevice, useRuntime, useStore } from './hooks.ts';
import { callOnline, type OnlineResult } from './online.ts';

/**
 * The waitlist (contract/waitlist.ts). The person's places are read from the device (documents of
 * kind `waitlist` in their tickets collection, with their queued joins and leaves over them) and
 * written as commands, so joining works offline. The organiser's view of the lines is read online,
 * like the orders list: it holds people's addresses and moves with every sale; their offers by
 * hand, removals and the offer hours are commands.
 */

const NO_DOCS: TicketDoc[] = [];
const NO_COMMANDS: (QueuedCommand & { code?: string })[] = [];

/** Every place of the person in a waitlist, one per event and type. */
export function useMyWaitlist(): Loadable<WaitlistPlace[]> {
  const docs = useDevice(query('waitlistDocs'), NO_DOCS);
  const commands = useDevice(query('waitlistCommands'), NO_COMMANDS);
  const data = useMemo(() => waitlistPlaces(docs.value, commands.value), [docs.value, commands.value]);
  return useMemo(() => ({ data, isLoading: docs.loading || commands.loading }), [data, docs.loading, commands.loading]);
}

/** The organiser's waitlist commands of the event still on their way, and refused ones. */
export function useWaitlistQueue(eventId: number) {
  const commands = useDevice(query('waitlistCommands'), NO_COMMANDS);
  return useMemo(() => organiserWaitlistQueue(commands.value, eventId), [commands.value, eventId]);
}

export interface WaitlistActions {
  join(eventId: number, typeId: number): Promise<void>;
  leave(eventId: number, typeId: number): Promise<void>;
  /** The organiser offers the place to this entry now. */
  offer(eventId: number, entryId: number): Promise<void>;
  remove(eventId: number, entryId: number): Promise<void>;
  setOfferHours(eventId: number, hours: number): Promise<void>;
  /** Lets go of a refused command. */
  dismiss(commandId: string): Promise<void>;
}

export function useWaitlistActions(): WaitlistActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      join: (eventId, typeId) => runtime.enqueue('waitlist.join', { event_id: eventId, type_id: typeId }),
      leave: (eventId, typeId) => runtime.enqueue('waitlist.leave', { event_id: eventId, type_id: typeId }),
      offer: (eventId, entryId) => runtime.enqueue('waitlist.offer', { event_id: eventId, entry_id: entryId }),
      remove: (eventId, entryId) => runtime.enqueue('waitlist.remove', { event_id: eventId, entry_id: entryId }),
      setOfferHours: (eventId, hours) => runtime.enqueue('waitlist.settings', { event_id: eventId, offer_hours: hours }),
      dismiss: (commandId) => runtime.dismiss(commandId),
    }),
    [runtime],
  );
}

/** The event's lines as the organiser sees them, read online; offline the last answer stays, as of when. */
export function useEventWaitlist(eventId: number): { result: OnlineResult<WaitlistAdminView> | null; loading: boolean; fetchedAt: number; reload(): void } {
  const runtime = useRuntime();
  const sync = useStore(runtime.sync);
  const online = sync.state !== 'offline';
  const [state, setState] = useState<{ result: OnlineResult<WaitlistAdminView> | null; loading: boolean; fetchedAt: number }>({
    result: null,
    loading: true,
    fetchedAt: 0,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    callOnline<WaitlistAdminView>(runtime, `/api/events/${eventId}/waitlist`, undefined, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState((s) => (result.ok || !s.result?.ok ? { result, loading: false, fetchedAt: result.ok ? Date.now() : s.fetchedAt } : { ...s, loading: false }));
    });
    return () => controller.abort();
  }, [runtime, eventId, online, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

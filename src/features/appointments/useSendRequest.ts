import { useEffect, useState } from 'react';
import { useAppointmentActions, useSyncStatus, type AppointmentRequest } from '../../data/index.ts';
import type { RequestTarget } from '../../ui/appointment-ui.ts';
import type { useSlotChoice } from './useSlotChoice.ts';

/**
 * Sending the appointment request (networking.md §4), which ends with it queued on the device, and
 * the modal's error line: the link's error, the slots' or the one of the write that failed.
 */
export function useSendRequest(
  target: RequestTarget,
  editing: number | undefined,
  choice: ReturnType<typeof useSlotChoice>,
  comment: string,
  { onClose, onQueued }: { onClose(): void; onQueued(online: boolean): void },
) {
  const actions = useAppointmentActions();
  const sync = useSyncStatus();
  const [error, setError] = useState<string | null>(target.error ?? null);
  const [busy, setBusy] = useState(false);
  const { slots, anyTime, selected } = choice;

  useEffect(() => {
    if (slots.error) setError(slots.error);
  }, [slots.error]);

  const send = async (extra: { place?: number | null; phone?: string }) => {
    if ((!anyTime && !selected) || !slots.day) return;
    setBusy(true);
    setError(null);
    const request: AppointmentRequest = {
      eventId: target.eventId,
      userId: target.userId,
      date: slots.day,
      timeStart: anyTime || !selected ? null : selected.start,
      timeEnd: anyTime || !selected ? null : selected.end,
      comment,
      place: extra.place ?? null,
      ...(editing ? { meetingId: editing } : {}),
      ...(extra.phone ? { phone: extra.phone } : {}),
      ...(target.replaces ? { replaces: target.replaces } : {}),
    };
    try {
      await actions.request(request);
      // What the status says now decides the wording: sent at once, or kept until the network returns.
      onQueued(sync.state !== 'offline' && sync.state !== 'error');
      onClose();
    } catch (err) {
      console.error('foyer: the appointment request could not be saved', err);
      setError(err instanceof Error && err.message === 'auth_required' ? 'auth_required' : 'local_write_failed');
      setBusy(false);
    }
  };

  return { error, busy, send };
}

import { useMemo, useState } from 'react';
import { useSlots } from '../../data/index.ts';
import type { RequestTarget } from '../../ui/appointment-ui.ts';

/**
 * The day and the slot chosen in the appointment modal, or "any time" instead of a slot, with the
 * slots of that day. `editing` is the meeting being changed, whose own slot counts as free;
 * `agreedDate`, its day, where the modal opens unless the link named another.
 */
export function useSlotChoice(target: RequestTarget, editing: number | undefined, agreedDate: string | undefined) {
  const [date, setDate] = useState<string | null>(target.date ?? agreedDate ?? null);
  const [start, setStart] = useState<number | null>(null);
  const [anyTime, setAnyTime] = useState(Boolean(target.anyTime));
  const [reloadKey, setReloadKey] = useState(0);
  const { data: slots, isLoading } = useSlots(target.eventId, target.userId, date, { excludeMeetingId: editing, reloadKey });
  const selected = useMemo(() => slots.slots.find((s) => s.start === start) ?? null, [slots.slots, start]);

  const chooseAnyTime = (on: boolean) => {
    setAnyTime(on);
    if (on) setStart(null);
  };

  const pickSlot = (s: number) => {
    setAnyTime(false);
    setStart(s);
  };

  const changeDay = (day: string) => {
    if (day === slots.day) return;
    setDate(day);
    setStart(null);
  };

  return {
    slots,
    isLoading,
    start,
    anyTime,
    selected,
    setDate,
    reload: () => setReloadKey((k) => k + 1),
    chooseAnyTime,
    pickSlot,
    changeDay,
  };
}

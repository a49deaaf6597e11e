import { useEffect, useMemo, useState } from 'react';
import { PLACE_NO_TABLE } from '../../../contract/appointments.ts';
import { useAppointment, useMyAppointments, useProfile } from '../../data/index.ts';
import { existingMeetingOn } from './existing-meeting.ts';
import type { RequestTarget } from '../../ui/appointment-ui.ts';
import { nextStep } from './slots.ts';
import { useSendRequest } from './useSendRequest.ts';
import { useSlotChoice } from './useSlotChoice.ts';

type RequestStep = 'form' | 'place' | 'contact';

/**
 * The appointment modal's state: the day and slot chosen, the comment, which step shows, and the
 * submit flow of networking.md §4, which ends with the request queued on the device.
 */
export function useAppointmentRequest(target: RequestTarget, callbacks: { onClose(): void; onQueued(online: boolean): void }) {
  const editing = target.meetingId ? target.meetingId : undefined;
  const { data: existing } = useAppointment(editing ?? null);
  const { data: profile } = useProfile(null);
  const choice = useSlotChoice(target, editing, existing?.date);
  const { slots, anyTime, selected, setDate } = choice;
  const [comment, setComment] = useState('');
  const [step, setStep] = useState<RequestStep>('form');

  // An edit starts from what was agreed; the slot itself is picked again from fresh statuses.
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    if (prefilled || !existing) return;
    setPrefilled(true);
    if (!target.date) setDate(existing.date);
    setComment(existing.comment);
  }, [existing, prefilled, target.date, setDate]);

  const { error, busy, send } = useSendRequest(target, editing, choice, comment, callbacks);

  const { data: mine } = useMyAppointments(target.eventId);
  const meetingOnDay = useMemo(
    () => existingMeetingOn(mine, { eventId: target.eventId, otherUserId: target.userId, day: slots.day, editingId: editing }),
    [mine, target.eventId, target.userId, slots.day, editing],
  );

  const phone = profile.kind === 'own' ? profile.profile.phone.trim() : '';
  const step1 = nextStep({ online: slots.isOnline, hasPhone: phone !== '', slot: anyTime ? null : selected });
  const canSubmit = (anyTime || Boolean(selected)) && !busy && slots.day !== null;

  const submit = () => {
    if (anyTime) {
      if (step1 === 'contact') setStep('contact');
      else void send({});
      return;
    }
    if (!selected) return;
    if (step1 === 'contact') setStep('contact');
    else if (step1 === 'place') setStep('place');
    // No free table: meet at another place (networking.md §4, place 5).
    else void send({ place: slots.isOnline || selected.exist_tables ? null : PLACE_NO_TABLE });
  };

  return {
    editing,
    existing,
    meetingOnDay,
    profile,
    slots,
    isLoading: choice.isLoading,
    start: choice.start,
    anyTime,
    comment,
    setComment,
    error,
    step,
    setStep,
    busy,
    selected,
    step1,
    canSubmit,
    reload: choice.reload,
    chooseAnyTime: choice.chooseAnyTime,
    pickSlot: choice.pickSlot,
    changeDay: choice.changeDay,
    send,
    submit,
  };
}

import { useEffect, useMemo, useState } from 'react';
import { PLACE_NO_TABLE } from '../../../contract/appointments.ts';
import { useAppointment, useAppointmentActions, useMyAppointments, useProfile, useSlots, useSyncStatus, type AppointmentRequest } from '../../data/index.ts';
import { existingMeetingOn } from './existing-meeting.ts';
import type { RequestTarget } from '../../ui/appointment-ui.ts';
import { nextStep } from './slots.ts';

type RequestStep = 'form' | 'place' | 'contact';

/**
 * The appointment modal's state: the day and slot chosen, the comment, which step shows, and the
 * submit flow of networking.md §4, which ends with the request queued on the device.
 */
export function useAppointmentRequest(target: RequestTarget, { onClose, onQueued }: { onClose(): void; onQueued(online: boolean): void }) {
  const editing = target.meetingId ? target.meetingId : undefined;
  const { data: existing } = useAppointment(editing ?? null);
  const { data: profile } = useProfile(null);
  const actions = useAppointmentActions();
  const sync = useSyncStatus();

  const [date, setDate] = useState<string | null>(target.date ?? existing?.date ?? null);
  const [start, setStart] = useState<number | null>(null);
  const [anyTime, setAnyTime] = useState(Boolean(target.anyTime));
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(target.error ?? null);
  const [step, setStep] = useState<RequestStep>('form');
  const [busy, setBusy] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const { data: slots, isLoading } = useSlots(target.eventId, target.userId, date, { excludeMeetingId: editing, reloadKey });

  // An edit starts from what was agreed; the slot itself is picked again from fresh statuses.
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    if (prefilled || !existing) return;
    setPrefilled(true);
    if (!target.date) setDate(existing.date);
    setComment(existing.comment);
  }, [existing, prefilled, target.date]);

  useEffect(() => {
    if (slots.error) setError(slots.error);
  }, [slots.error]);

  const { data: mine } = useMyAppointments(target.eventId);
  const meetingOnDay = useMemo(
    () => existingMeetingOn(mine, { eventId: target.eventId, otherUserId: target.userId, day: slots.day, editingId: editing }),
    [mine, target.eventId, target.userId, slots.day, editing],
  );

  const selected = useMemo(() => slots.slots.find((s) => s.start === start) ?? null, [slots.slots, start]);
  const phone = profile.kind === 'own' ? profile.profile.phone.trim() : '';
  const step1 = nextStep({ online: slots.isOnline, hasPhone: phone !== '', slot: anyTime ? null : selected });
  const canSubmit = (anyTime || Boolean(selected)) && !busy && slots.day !== null;

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
    isLoading,
    start,
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
    reload: () => setReloadKey((k) => k + 1),
    chooseAnyTime,
    pickSlot,
    changeDay,
    send,
    submit,
  };
}

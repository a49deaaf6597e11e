import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLACE_NO_TABLE } from '../../../contract/appointments.ts';
import { useAppointment, useAppointmentActions, useEvent, useProfile, useSlots, useSyncStatus, type AppointmentRequest } from '../../data/index.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { RequestTarget } from '../../ui/appointment-ui.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { rovingTarget } from '../../ui/roving.ts';
import { Modal } from '../../ui/Modal.tsx';
import { ContactDialog, PlaceDialog } from '../../ui/appointments/StepDialogs.tsx';
import { SlotLegend, SlotPicker } from './SlotPicker.tsx';
import { AnyTimeSwitch } from './AnyTimeSwitch.tsx';
import { dateTab, personName } from '../../ui/format/appointments.ts';
import { nextStep } from './slots.ts';

/**
 * The appointment modal (networking.md §2, 940 px): date tabs, the error line, the slot picker in
 * the event's timezone with status icons, a comment, and the submit flow of §4. The request is
 * queued on the device and shown at once; the server's answer arrives with the next sync.
 */
export function AppointmentModal({ target, onClose, onQueued }: { target: RequestTarget; onClose(): void; onQueued(online: boolean): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const commentId = useId();
  const editing = target.meetingId ? target.meetingId : undefined;
  const { data: existing } = useAppointment(editing ?? null);
  const { data: event } = useEvent(target.eventId);
  const { data: profile } = useProfile(null);
  const { data: other } = useProfile(target.userId);
  const actions = useAppointmentActions();
  const sync = useSyncStatus();

  const [date, setDate] = useState<string | null>(target.date ?? existing?.date ?? null);
  const [start, setStart] = useState<number | null>(null);
  const [anyTime, setAnyTime] = useState(Boolean(target.anyTime));
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(target.error ?? null);
  const [step, setStep] = useState<'form' | 'place' | 'contact'>('form');
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

  const otherName = existing
    ? personName(existing.user_info, t('appointments.someone'))
    : other.kind === 'other'
      ? other.person.name
      : t('appointments.someone');
  const selected = useMemo(() => slots.slots.find((s) => s.start === start) ?? null, [slots.slots, start]);
  const phone = profile.kind === 'own' ? profile.profile.phone.trim() : '';
  const step1 = nextStep({ online: slots.isOnline, hasPhone: phone !== '', slot: anyTime ? null : selected });
  const noPeriods = slots.source !== 'none' && slots.slots.length === 0;
  const canSubmit = (anyTime || Boolean(selected)) && !busy && slots.day !== null;
  const chooseAnyTime = (on: boolean) => {
    setAnyTime(on);
    if (on) setStart(null);
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

  const errorText = error ? t(`errors.${error}`, { defaultValue: t('errors.unknown_error') }) : null;

  return (
    <>
      <Modal
        open={step === 'form'}
        onClose={onClose}
        width={940}
        className="appointment-modal"
        title={
          <>
            {editing ? t('appointments.modal.editTitle') : t('appointments.modal.createTitle')}
            <span className="appointment-modal__with">{t('appointments.modal.with', { name: otherName })}</span>
            {/* Said, because a link may have picked the event (?meeting_user_id= on any page). */}
            {event ? <span className="appointment-modal__event">{event.name}</span> : null}
          </>
        }
        footer={
          <>
            <Button onClick={onClose}>{t('appointments.modal.cancel')}</Button>
            <Button variant="primary" disabled={!canSubmit} busy={busy} onClick={submit}>
              {step1 === 'send' ? t('appointments.modal.submit') : t('appointments.modal.next')}
            </Button>
          </>
        }
      >
        {slots.dates.length > 0 ? (
          <div className="date-tabs" role="tablist" aria-label={t('appointments.modal.datesLabel')}>
            {slots.dates.map((d, index) => {
              const tab = dateTab(d, locale);
              const active = d === slots.day;
              return (
                <button
                  key={d}
                  type="button"
                  role="tab"
                  aria-selected={active}
                  // One tab stop for the row; the arrows pick the day (a local query, so at once).
                  tabIndex={active || (slots.day === null && index === 0) ? 0 : -1}
                  className={active ? 'date-tab date-tab--active' : 'date-tab'}
                  onClick={() => changeDay(d)}
                  onKeyDown={(event) => {
                    const next = rovingTarget(event.key, index, slots.dates.length);
                    const nextDay = slots.dates[next];
                    if (nextDay === undefined) return;
                    event.preventDefault();
                    changeDay(nextDay);
                    (event.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
                  }}
                >
                  <span className="date-tab__day">{tab.label}</span>
                  <span className="date-tab__weekday">{tab.weekday}</span>
                </button>
              );
            })}
          </div>
        ) : null}

        <p className="form-error appointment-modal__error" role="alert" hidden={!errorText}>
          {errorText}
        </p>

        {isLoading && slots.source === 'none' ? <Spinner label={t('common.loading')} /> : null}
        {!isLoading && slots.source === 'none' ? (
          <div className="appointment-modal__note">
            <p>{t('appointments.modal.dayNotOnDevice')}</p>
            <Button size="sm" onClick={() => setReloadKey((k) => k + 1)}>
              {t('appointments.modal.retry')}
            </Button>
          </div>
        ) : null}
        <AnyTimeSwitch anyTime={anyTime} onChange={chooseAnyTime} />
        {anyTime ? <p className="muted appointment-modal__any-time">{t('appointments.modal.anyTimeNote')}</p> : null}
        {noPeriods && !anyTime ? <p className="appointment-modal__note">{t('appointments.modal.noSlots')}</p> : null}

        {slots.slots.length > 0 && !anyTime ? (
          <>
            <p className="muted appointment-modal__zone">{t('appointments.modal.timezone', { zone: slots.timezone })}</p>
            {slots.provisional ? (
              <p className="appointment-modal__provisional" role="status">
                {slots.source === 'server' ? t('appointments.modal.provisionalQueued') : t('appointments.modal.provisional')}
              </p>
            ) : null}
            <SlotPicker
              slots={slots.slots}
              timezone={slots.timezone}
              value={start}
              onChange={(s) => {
                setAnyTime(false);
                setStart(s);
              }}
            />
            <SlotLegend />
          </>
        ) : null}

        <div className="field appointment-modal__comment">
          <label htmlFor={commentId}>{t('appointments.modal.comment')}</label>
          <textarea
            id={commentId}
            rows={3}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={t('appointments.modal.commentPlaceholder')}
          />
        </div>
        {event && !event.is_webinar && selected && !selected.exist_tables && selected.exist_other_place ? (
          <p className="muted">{t('appointments.modal.noTable')}</p>
        ) : null}
      </Modal>
      <PlaceDialog open={step === 'place'} places={slots.placeItems} busy={busy} onCancel={() => setStep('form')} onConfirm={(place) => void send({ place })} />
      <ContactDialog
        open={step === 'contact'}
        name={profile.kind === 'own' ? profile.profile.first_name : ''}
        busy={busy}
        onCancel={() => setStep('form')}
        onSave={(p) => void send({ phone: p })}
      />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import type { SlotsData } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { AppointmentItem } from '../../data/index.ts';
import { AnyTimeSwitch } from './AnyTimeSwitch.tsx';
import { ExistingMeeting } from './ExistingMeeting.tsx';
import { SlotLegend, SlotPicker } from './SlotPicker.tsx';

/**
 * The time part of the appointment modal: a day whose times never reached the device, the any-time
 * switch, and the slot grid in the event's timezone with its legend.
 */
export function SlotChoice({
  slots,
  isLoading,
  start,
  anyTime,
  onAnyTime,
  onPick,
  onReload,
  existing = null,
  editingId,
}: {
  slots: SlotsData;
  isLoading: boolean;
  start: number | null;
  anyTime: boolean;
  onAnyTime(on: boolean): void;
  onPick(start: number): void;
  onReload(): void;
  /** A standing meeting with the person on this day: any-time mode shows it (existing-meeting.ts). */
  existing?: AppointmentItem | null;
  /** The meeting the form edits, if it edits one. */
  editingId?: number;
}) {
  const { t } = useTranslation();
  const noPeriods = slots.source !== 'none' && slots.slots.length === 0;
  return (
    <>
      {isLoading && slots.source === 'none' ? <Spinner label={t('common.loading')} /> : null}
      {!isLoading && slots.source === 'none' ? (
        <div className="appointment-modal__note">
          <p>{t('appointments.modal.dayNotOnDevice')}</p>
          <Button size="sm" onClick={onReload}>
            {t('appointments.modal.retry')}
          </Button>
        </div>
      ) : null}
      <AnyTimeSwitch anyTime={anyTime} onChange={onAnyTime} />
      {anyTime && existing ? <ExistingMeeting item={existing} editing={editingId !== undefined && existing.meeting_id === editingId} /> : null}
      {anyTime && !existing ? <p className="muted appointment-modal__any-time">{t('appointments.modal.anyTimeNote')}</p> : null}
      {noPeriods && !anyTime ? <p className="appointment-modal__note">{t('appointments.modal.noSlots')}</p> : null}

      {slots.slots.length > 0 && !anyTime ? (
        <>
          <p className="muted appointment-modal__zone">{t('appointments.modal.timezone', { zone: slots.timezone })}</p>
          {slots.provisional ? (
            <p className="appointment-modal__provisional" role="status">
              {slots.source === 'server' ? t('appointments.modal.provisionalQueued') : t('appointments.modal.provisional')}
            </p>
          ) : null}
          <SlotPicker slots={slots.slots} timezone={slots.timezone} value={start} onChange={onPick} />
          <SlotLegend />
        </>
      ) : null}
    </>
  );
}

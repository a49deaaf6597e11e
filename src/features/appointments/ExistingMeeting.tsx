import { useTranslation } from 'react-i18next';
import type { AppointmentItem } from '../../data/index.ts';
import { meetingWhen } from '../../ui/format/appointments.ts';
import { placeLabel } from './place-label.ts';

/** The any-time form's account of the meeting the person already has with them on that day. */
export function ExistingMeeting({ item, editing = false }: { item: AppointmentItem; editing?: boolean }) {
  const { t } = useTranslation();
  // The meeting being edited is "this meeting", not another one the person already has.
  const title = editing ? t('appointments.modal.existingEditingTitle') : t('appointments.modal.existingTitle');
  return (
    <section className="appointment-modal__existing" aria-label={title} data-testid="existing-meeting">
      <p className="appointment-modal__existing-title">{title}</p>
      <dl className="appointment__facts">
        <div>
          <dt>{t('appointments.item.when')}</dt>
          <dd>{item.any_time || !item.time_start ? `${meetingWhen(item)}, ${t('appointments.modal.anyTime').toLocaleLowerCase()}` : meetingWhen(item)}</dd>
        </div>
        <div>
          <dt>{t('appointments.item.where')}</dt>
          <dd>{item.is_online ? t('appointments.item.online') : placeLabel(item, t) || t('appointments.item.placeLater')}</dd>
        </div>
        <div>
          <dt>{t('appointments.modal.existingStatus')}</dt>
          <dd>
            <span className={`badge badge--${item.status}`}>{t(`appointments.status.${item.status}`)}</span>
          </dd>
        </div>
        {item.comment ? (
          <div>
            <dt>{t('appointments.modal.comment')}</dt>
            <dd className="appointment-modal__existing-comment">{item.comment}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

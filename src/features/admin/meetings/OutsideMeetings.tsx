import { useTranslation } from 'react-i18next';
import type { BookedMeetingItem, OutsideChoice, OutsideReason } from '../../../data/index.ts';
import { clockTime } from '../../../ui/intl.ts';
import { useLocale } from '../../../ui/useLocale.ts';

/**
 * The booked meetings a change would leave outside (hours, a removed table or place), from the
 * device's last copy of the event's meetings, and the organiser's choice: keep them as booked, or
 * cancel them, telling both people. Nothing is saved before a choice is made.
 */
export function OutsideMeetings({
  id,
  outside,
  checkedAt,
  timezone,
  choice,
  onChoice,
  missingChoice,
}: {
  id: string;
  outside: { item: BookedMeetingItem; reason: OutsideReason }[];
  checkedAt: number | null;
  timezone: string;
  choice: OutsideChoice | null;
  onChoice(choice: OutsideChoice): void;
  missingChoice: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (checkedAt === null) return <p className="muted">{t('admin.meetings.notChecked')}</p>;
  if (outside.length === 0) return null;
  return (
    <fieldset className="admin-form__section meeting-outside" id={id} tabIndex={-1} aria-describedby={missingChoice ? `${id}-error` : undefined}>
      <legend>{t('admin.meetings.outsideTitle', { count: outside.length })}</legend>
      <ul className="meeting-outside__list">
        {outside.map(({ item, reason }) => (
          <li key={item.id}>
            {item.from.name} — {item.to.name}:{' '}
            {item.time_start !== null ? `${item.date} ${clockTime(locale, item.time_start, timezone)}` : `${item.date} (${t('admin.meetings.anyTime')})`}
            {' · '}
            <span className="muted">{t(`admin.meetings.reason.${reason}`)}</span>
          </li>
        ))}
      </ul>
      <div className="meeting-outside__choices">
        <label>
          <input type="radio" name={`${id}-choice`} checked={choice === 'keep'} onChange={() => onChoice('keep')} /> {t('admin.meetings.keep')}
        </label>
        <label>
          <input type="radio" name={`${id}-choice`} checked={choice === 'cancel'} onChange={() => onChoice('cancel')} /> {t('admin.meetings.cancel')}
        </label>
      </div>
      {missingChoice ? (
        <p id={`${id}-error`} className="field__error">
          {t('admin.meetings.chooseFirst')}
        </p>
      ) : null}
    </fieldset>
  );
}

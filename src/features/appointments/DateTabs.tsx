import { useTranslation } from 'react-i18next';
import { dateTab } from '../../ui/format/appointments.ts';
import { rovingTarget } from '../../ui/roving.ts';
import { useLocale } from '../../ui/useLocale.ts';

/** The appointment modal's row of bookable days: one tab stop, and the arrow keys move between days. */
export function DateTabs({ dates, day, onChange }: { dates: string[]; day: string | null; onChange(day: string): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (dates.length === 0) return null;
  return (
    <div className="date-tabs" role="tablist" aria-label={t('appointments.modal.datesLabel')}>
      {dates.map((d, index) => {
        const tab = dateTab(d, locale);
        const active = d === day;
        return (
          <button
            key={d}
            type="button"
            role="tab"
            aria-selected={active}
            // One tab stop for the row; the arrows pick the day (a local query, so at once).
            tabIndex={active || (day === null && index === 0) ? 0 : -1}
            className={active ? 'date-tab date-tab--active' : 'date-tab'}
            onClick={() => onChange(d)}
            onKeyDown={(event) => {
              const next = rovingTarget(event.key, index, dates.length);
              const nextDay = dates[next];
              if (next < 0 || nextDay === undefined) return;
              event.preventDefault();
              onChange(nextDay);
              (event.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
            }}
          >
            <span className="date-tab__day">{tab.label}</span>
            <span className="date-tab__weekday">{tab.weekday}</span>
          </button>
        );
      })}
    </div>
  );
}

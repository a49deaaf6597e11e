import { useTranslation } from 'react-i18next';
import { spanWindows } from '../../../../contract/event-windows.ts';
import type { MeetingWindow } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { MeetingRows, RowEnd } from './RowEnd.tsx';

/**
 * The days and hours meetings may be booked in: one row per window, in the venue's time. "The
 * event's hours" fills them from the event's own start and end, the usual start.
 */
export function WindowsField({
  idp,
  dates,
  event,
  windows,
  problems,
  onChange,
}: {
  idp: string;
  dates: string[];
  event: { starts_at: number; ends_at: number; timezone: string };
  windows: MeetingWindow[];
  problems: Record<number, string>;
  onChange(list: MeetingWindow[]): void;
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<MeetingWindow>) => onChange(windows.map((w, k) => (k === i ? { ...w, ...patch } : w)));
  const add = () => {
    const last = windows[windows.length - 1];
    const day = dates.find((d) => !windows.some((w) => w.day === d)) ?? last?.day ?? dates[0] ?? '';
    onChange([...windows, { day, from: '10:00', to: '18:00' }]);
  };
  return (
    <div className="meeting-windows">
      <MeetingRows
        titleId={`${idp}-windows`}
        title={t('admin.meetings.windows')}
        hint={t('admin.meetings.windowsHint', { zone: event.timezone })}
        empty={windows.length === 0 ? t('admin.meetings.noWindows') : null}
      >
        {windows.map((w, i) => {
          const rowId = `${idp}-w${i}`;
          const problem = problems[i];
          return (
            // Rows have no identity of their own; their order is the form's state.
            // biome-ignore lint/suspicious/noArrayIndexKey: a window is its position in the list
            <li key={i} className="meeting-row">
              <div className="field">
                <label htmlFor={`${rowId}-day`}>{t('admin.meetings.day')}</label>
                <select
                  id={`${rowId}-day`}
                  value={w.day}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${rowId}-error` : undefined}
                  onChange={(e) => set(i, { day: e.target.value })}
                >
                  {[...new Set([...dates, w.day])].map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${rowId}-from`}>{t('admin.meetings.from')}</label>
                <input id={`${rowId}-from`} type="time" value={w.from} onChange={(e) => set(i, { from: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`${rowId}-to`}>{t('admin.meetings.to')}</label>
                <input
                  id={`${rowId}-to`}
                  type="time"
                  value={w.to === '24:00' ? '23:59' : w.to}
                  onChange={(e) => set(i, { to: e.target.value === '23:59' ? '24:00' : e.target.value })}
                />
              </div>
              <RowEnd
                rowId={rowId}
                problem={problem}
                label={t('admin.meetings.removeWindow', { day: w.day, from: w.from, to: w.to })}
                onRemove={() => onChange(windows.filter((_, k) => k !== i))}
              />
            </li>
          );
        })}
      </MeetingRows>
      <div className="admin__buttons">
        <Button size="sm" onClick={add}>
          {t('admin.meetings.addWindow')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onChange(spanWindows(event.starts_at, event.ends_at, event.timezone))}>
          {t('admin.meetings.eventHours')}
        </Button>
      </div>
    </div>
  );
}

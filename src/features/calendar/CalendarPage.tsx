import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { agenda, itemsOn, useCalendar, useSession, weekOf, type CalendarItem } from '../../data/index.ts';
import { addDays, localDateOf } from '../../../contract/appointments.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { dateFormat, deviceTimeZone } from '../../ui/intl.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useNow } from '../../ui/useNow.ts';
import { CalendarEntryCard } from './CalendarEntry.tsx';
import { FeedSection } from './FeedSection.tsx';
import { BrowseEventsLink } from '../../ui/BrowseEventsLink.tsx';
import './calendar.css';

type View = 'week' | 'agenda';
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** Today moves on while the page stays open past midnight. */
const TODAY_REFRESH_MS = 60_000;

function dayHeading(day: string, locale: string, style: 'long' | 'short'): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dateFormat(locale, { weekday: style, day: 'numeric', month: style === 'long' ? 'long' : 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d, 12));
}

/**
 * /{locale}/profile/calendar (events.md §2 header link; issue 16): the user's meetings, the events
 * they take part in and the speeches they starred, as a week or as an agenda, from the device. Each
 * entry keeps its own event's clock and names its zone. Below, the personal feed address for
 * calendar apps.
 */
export function CalendarPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, status } = useSession();
  const { data, isLoading } = useCalendar();
  const [params, setParams] = useSearchParams();
  const now = useNow(TODAY_REFRESH_MS);
  const today = localDateOf(Math.floor(now / 1000), deviceTimeZone() || 'UTC');
  const view: View = params.get('view') === 'agenda' ? 'agenda' : 'week';
  const from = params.get('week');
  const week = weekOf(from && DAY_RE.test(from) ? from : today);
  useDocumentTitle(t('calendar.title'));

  const go = (next: { view?: View; week?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.view) {
      if (next.view === 'week') p.delete('view');
      else p.set('view', next.view);
    }
    if (next.week !== undefined) {
      if (next.week === null) p.delete('week');
      else p.set('week', next.week);
    }
    setParams(p, { replace: true });
  };

  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('calendar.title')} text={t('calendar.guestText')} />;

  return (
    <div className="page calendar-page">
      <div className="page__intro calendar-page__intro">
        <h1 className="page__title">{t('calendar.title')}</h1>
        {/* biome-ignore lint/a11y/useSemanticElements: a labelled pair of toggle buttons, not form fields */}
        <div className="calendar-views" role="group" aria-label={t('calendar.viewLabel')}>
          {(['week', 'agenda'] as const).map((v) => (
            <button key={v} type="button" className="chip" aria-pressed={view === v} onClick={() => go({ view: v })}>
              {t(`calendar.views.${v}`)}
            </button>
          ))}
        </div>
      </div>
      {isLoading && data.length === 0 ? (
        <Spinner label={t('common.loading')} />
      ) : data.length === 0 ? (
        <EmptyState title={t('calendar.empty')} text={t('calendar.emptyText')} action={<BrowseEventsLink />} />
      ) : view === 'week' ? (
        <WeekView days={week} items={data} today={today} locale={locale} onWeek={(w) => go({ week: w })} />
      ) : (
        <AgendaView items={data} today={today} locale={locale} />
      )}
      <FeedSection />
    </div>
  );
}

function WeekView({
  days,
  items,
  today,
  locale,
  onWeek,
}: {
  days: string[];
  items: CalendarItem[];
  today: string;
  locale: string;
  onWeek(week: string | null): void;
}) {
  const { t } = useTranslation();
  const first = days[0];
  const last = days[6];
  if (first === undefined || last === undefined) throw new Error(`a calendar week has seven days, not ${days.length}`);
  const range = `${dayHeading(first, locale, 'short')} – ${dayHeading(last, locale, 'short')}`;
  return (
    <section className="cal-week" aria-label={t('calendar.weekOf', { range })}>
      <div className="cal-week__nav">
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => onWeek(addDays(first, -7))}>
          {t('calendar.previousWeek')}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => onWeek(null)} disabled={days.includes(today)}>
          {t('calendar.thisWeek')}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => onWeek(addDays(first, 7))}>
          {t('calendar.nextWeek')}
        </button>
        <p className="cal-week__range" aria-live="polite">
          {range}
        </p>
      </div>
      <ol className="cal-week__days">
        {days.map((day) => {
          const list = itemsOn(items, day);
          return (
            <li key={day} className={`cal-day${day === today ? ' cal-day--today' : ''}`} aria-current={day === today ? 'date' : undefined}>
              <h2 className="cal-day__title">{dayHeading(day, locale, 'long')}</h2>
              {list.length === 0 ? (
                <p className="cal-day__empty">{t('calendar.nothing')}</p>
              ) : (
                list.map((item) => <CalendarEntryCard key={item.key} item={item} />)
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function AgendaView({ items, today, locale }: { items: CalendarItem[]; today: string; locale: string }) {
  const { t } = useTranslation();
  const days = useMemo(() => agenda(items, today), [items, today]);
  if (days.length === 0) return <p className="cal-day__empty">{t('calendar.nothingAhead')}</p>;
  return (
    <section className="cal-agenda" aria-label={t('calendar.views.agenda')}>
      {days.map(({ day, items: list }) => (
        <div key={day} className={`cal-day${day === today ? ' cal-day--today' : ''}`}>
          <h2 className="cal-day__title">{day === today ? t('calendar.today', { day: dayHeading(day, locale, 'long') }) : dayHeading(day, locale, 'long')}</h2>
          {list.map((item) => (
            <CalendarEntryCard key={item.key} item={item} />
          ))}
        </div>
      ))}
    </section>
  );
}

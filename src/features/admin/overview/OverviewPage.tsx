import { useTranslation } from 'react-i18next';
import { filledSeries, useAdminOverview, type AdminOverview } from '../../../data/index.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { dateFormat } from '../../../ui/intl.ts';
import { useAdminEventContext } from '../AdminEventLayout.tsx';
import { BarChart } from './BarChart.tsx';
import { NumberCards, type NumberCard } from './NumberCards.tsx';
import { SalesFigures } from './SalesFigures.tsx';
import { AdminPanel } from '../AdminPanel.tsx';
import './overview.css';

/** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH' of the event's own calendar, said in the reader's language. */
function sayDay(at: string, locale: string): string {
  const [date, hour] = at.split('T');
  const [y, m, d] = (date ?? '').split('-').map(Number);
  if (!y || !m || !d) return at;
  const day = dateFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d, 12));
  return hour ? `${day} ${hour}:00` : day;
}

/**
 * /{locale}/admin/events/:eventId/overview — the event in numbers: registrations, the door's head
 * count, ticket sales, meetings requested and held, chat activity and who is online, with a chart
 * of each over time. The numbers are the last ones read from the server, with their time.
 */
export function OverviewPage() {
  const { t, i18n } = useTranslation();
  const { eventId } = useAdminEventContext();
  const { data, isLoading } = useAdminOverview(eventId);
  const o = data.data;
  if (!o) {
    if (isLoading) return <Spinner label={t('common.loading')} />;
    return <EmptyState title={t('admin.overview.none')} text={t('admin.people.notYet')} />;
  }
  const label = (at: string) => sayDay(at, i18n.language);
  const asOf = data.fetchedAt ? dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(data.fetchedAt) : '';
  return (
    <AdminPanel id="overview-title" className="admin-section" title={t('admin.nav.overview')}>
      <p className="muted">{t('admin.people.asOf', { when: asOf })}</p>
      <Numbers o={o} />
      {o.sales ? <SalesFigures sales={o.sales} label={label} /> : null}
      <div className="overview-charts">
        <BarChart
          title={t('admin.overview.registrationsByDay')}
          caption={t('admin.overview.registrationsByDay')}
          series={filledSeries(o.registrations.by_day)}
          label={label}
        />
        <BarChart
          title={t('admin.overview.checkinsByHour')}
          caption={t('admin.overview.checkinsByHour')}
          series={filledSeries(o.checkins.by_hour)}
          label={label}
        />
        <BarChart
          title={t('admin.overview.meetingsByDay')}
          caption={t('admin.overview.meetingsByDay')}
          series={filledSeries(o.meetings.by_day)}
          label={label}
        />
        <BarChart title={t('admin.overview.chatByDay')} caption={t('admin.overview.chatByDay')} series={filledSeries(o.chat.by_day)} label={label} />
      </div>
    </AdminPanel>
  );
}

function Numbers({ o }: { o: AdminOverview }) {
  const { t } = useTranslation();
  const cards: NumberCard[] = [
    [t('admin.overview.registrations'), o.registrations.people, t('admin.overview.tickets', { n: o.registrations.tickets })],
    [t('admin.overview.checkins'), o.checkins.admitted, t('admin.overview.ofTickets', { n: o.checkins.tickets })],
    [
      t('admin.overview.meetingsRequested'),
      o.meetings.requested,
      t('admin.overview.meetingsSplit', { agreed: o.meetings.agreed, declined: o.meetings.declined }),
    ],
    [t('admin.overview.meetingsHeld'), o.meetings.held, t('admin.overview.meetingsAgreed', { n: o.meetings.agreed })],
    [t('admin.overview.chat'), o.chat.comments, t('admin.overview.chatDetail', { people: o.chat.people, day: o.chat.last_day })],
    [t('admin.overview.online'), o.online, t('admin.overview.onlineDetail')],
  ];
  return <NumberCards cards={cards} />;
}

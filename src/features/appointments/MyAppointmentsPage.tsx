import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MY_APPOINTMENTS_PAGE_SIZE, MY_APPOINTMENT_EVENTS_PAGE_SIZE } from '../../../contract/appointments.ts';
import { useAppointmentEvents, useMyAppointments, type AppointmentEventSummary, type EventView } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SignedInOnly } from '../../ui/SignedInOnly.tsx';
import { formatEventRange } from '../../ui/format/events.ts';
import { AppointmentItemCard } from './AppointmentItem.tsx';
import { downloadIcs, icsCalendar } from '../../ui/format/calendar.ts';
import { calendarEntry } from './entries.ts';
import { meetingGroups } from './meeting-groups.ts';
import { useResponseLink } from '../../ui/appointments/useResponseLink.ts';
import { ROLE_FILTER_VALUES, personName, roleOfFilter } from '../../ui/format/appointments.ts';
import { FormError } from '../../ui/form/Field.tsx';
import { BrowseEventsLink } from '../../ui/BrowseEventsLink.tsx';

/** events.md §9: from this width the first event is selected on its own and both columns show. */
const AUTO_SELECT_MIN_WIDTH = 1100;

/**
 * /{locale}/profile/mymeeting (networking.md §2, events.md §2): the events of the user's
 * appointments on the left, upcoming and past with counts, 10 per page; the selected event's
 * appointments on the right, 10 per page, with the role filter. On narrow screens one column shows
 * at a time. Everything comes from the device, so it works offline.
 */
export function MyAppointmentsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('appointments.title'));
  return (
    <SignedInOnly title={t('appointments.title')} guestText={t('appointments.guestText')}>
      {() => <MyAppointments />}
    </SignedInOnly>
  );
}

function useWide(): boolean {
  const query = `(min-width: ${AUTO_SELECT_MIN_WIDTH}px)`;
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const update = () => setWide(mq.matches);
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, [query]);
  return wide;
}

function MyAppointments() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { data: groups, isLoading } = useAppointmentEvents();
  const wide = useWide();
  const selectedId = Number(params.get('event_id')) || null;
  const all = useMemo(() => [...groups.upcoming, ...groups.past], [groups]);
  const selected = all.find((s) => s.event.event_id === selectedId) ?? null;
  const linkError = useResponseLink('eventOnly');

  const select = (eventId: number | null) => setParams(eventId ? { event_id: String(eventId) } : {}, { replace: false });

  useEffect(() => {
    const [first] = all;
    if (!wide || selectedId || isLoading || !first) return;
    setParams({ event_id: String(first.event.event_id) }, { replace: true });
  }, [wide, selectedId, isLoading, all, setParams]);

  const showList = Boolean(selectedId);
  return (
    <div className="page my-appointments">
      <div className="page__intro my-appointments__intro">
        <h1 className="page__title">{t('appointments.title')}</h1>
        <div className="my-appointments__tools">
          <NotificationPermission />
          <DownloadAll />
        </div>
      </div>
      <FormError>{linkError}</FormError>
      <div className={['my-appointments__grid', showList ? 'my-appointments__grid--list' : 'my-appointments__grid--events'].join(' ')}>
        <EventsColumn groups={groups} isLoading={isLoading} selectedId={selectedId} onSelect={select} />
        <section className="my-appointments__list" aria-label={t('appointments.list.label')}>
          {selectedId ? (
            <>
              <Button size="sm" variant="ghost" className="my-appointments__back" onClick={() => select(null)}>
                <span aria-hidden="true">‹</span> {t('appointments.list.backToEvents')}
              </Button>
              <EventAppointments key={selectedId} eventId={selectedId} event={selected?.event} />
            </>
          ) : (
            <EmptyState compact title={t('appointments.list.selectEvent')} />
          )}
        </section>
      </div>
    </div>
  );
}

function EventsColumn({
  groups,
  isLoading,
  selectedId,
  onSelect,
}: {
  groups: { upcoming: AppointmentEventSummary[]; past: AppointmentEventSummary[] };
  isLoading: boolean;
  selectedId: number | null;
  onSelect(id: number): void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const rows = useMemo(() => [...groups.upcoming.map((s) => ({ ...s, past: false })), ...groups.past.map((s) => ({ ...s, past: true }))], [groups]);
  const pages = Math.max(1, Math.ceil(rows.length / MY_APPOINTMENT_EVENTS_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * MY_APPOINTMENT_EVENTS_PAGE_SIZE, (current + 1) * MY_APPOINTMENT_EVENTS_PAGE_SIZE);

  if (isLoading)
    return (
      <section className="my-appointments__events">
        <Spinner label={t('common.loading')} />
      </section>
    );
  return (
    <section className="my-appointments__events" aria-label={t('appointments.events.label')}>
      {rows.length === 0 ? (
        <EmptyState compact title={t('appointments.events.empty')} action={<BrowseEventsLink />} />
      ) : (
        <>
          {(['upcoming', 'past'] as const).map((group) => {
            const items = shown.filter((r) => r.past === (group === 'past'));
            if (items.length === 0) return null;
            return (
              <div key={group} className="my-appointments__group">
                <h2 className="my-appointments__group-title">{t(`appointments.events.${group}`)}</h2>
                <ul className="event-picker">
                  {items.map(({ event, count }) => (
                    <li key={event.event_id}>
                      <button
                        type="button"
                        className={event.event_id === selectedId ? 'event-picker__item event-picker__item--active' : 'event-picker__item'}
                        aria-current={event.event_id === selectedId ? 'true' : undefined}
                        onClick={() => onSelect(event.event_id)}
                      >
                        <span className="event-picker__name">{event.name}</span>
                        <span className="event-picker__when muted">{formatEventRange(event.when, event.when_end, event.timezone)}</span>
                        <span className="event-picker__count">
                          <span aria-hidden="true">{count}</span>
                          <span className="visually-hidden">{t('appointments.events.count', { count })}</span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
          <Pager page={current} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(p: number): void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('ui.pagination.label')}>
      <Button size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('ui.pagination.previous')}
      </Button>
      <span className="muted">{t('appointments.pageOf', { page: page + 1, pages })}</span>
      <Button size="sm" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {t('ui.pagination.next')}
      </Button>
    </nav>
  );
}

function EventAppointments({ eventId, event }: { eventId: number; event: EventView | undefined }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const filterId = useId();
  const [roleValue, setRoleValue] = useState(1);
  const [page, setPage] = useState(0);
  const { data: found, isLoading } = useMyAppointments(eventId, roleOfFilter(roleValue));
  const items = useMemo(() => {
    const { upcoming, past } = meetingGroups(found, Date.now());
    return [...upcoming.map((item) => ({ item, past: false })), ...past.map((item) => ({ item, past: true }))];
  }, [found]);
  const pages = Math.max(1, Math.ceil(items.length / MY_APPOINTMENTS_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = items.slice(current * MY_APPOINTMENTS_PAGE_SIZE, (current + 1) * MY_APPOINTMENTS_PAGE_SIZE);
  const visitorsHref = to(`/events/${eventId}/visitors`);

  return (
    <>
      <div className="my-appointments__event">
        <h2 className="my-appointments__event-name">{event?.name ?? t('event.title')}</h2>
        <p className="my-appointments__links">
          <Link to={to(`/events/${eventId}`)}>{t('appointments.list.eventPage')}</Link>
          <Link to={visitorsHref}>{t('appointments.list.visitorsPage')}</Link>
        </p>
        <div className="field field--inline">
          <label htmlFor={filterId}>{t('appointments.list.role')}</label>
          <select
            id={filterId}
            value={roleValue}
            onChange={(e) => {
              setRoleValue(Number(e.target.value));
              setPage(0);
            }}
          >
            {ROLE_FILTER_VALUES.map((v) => (
              <option key={v} value={v}>
                {t(`appointments.roles.${v}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isLoading ? <Spinner label={t('common.loading')} /> : null}
      {!isLoading && items.length === 0 ? (
        <EmptyState
          compact
          title={roleValue === 1 ? t('appointments.list.emptyTitle') : t('appointments.list.emptyRole')}
          text={t('appointments.list.emptyText')}
          action={
            <Link className="btn btn--primary btn--sm" to={visitorsHref}>
              {t('appointments.list.findPeople')}
            </Link>
          }
        />
      ) : null}
      {(['upcoming', 'past'] as const).map((group) => {
        const rows = shown.filter((r) => r.past === (group === 'past'));
        if (rows.length === 0) return null;
        return (
          <div key={group} className="my-appointments__group">
            <h3 className="my-appointments__group-title">{t(`appointments.list.${group}`)}</h3>
            <div className="appointment-list">
              {rows.map(({ item }) => (
                <AppointmentItemCard key={item.id} item={item} event={event} />
              ))}
            </div>
          </div>
        );
      })}
      {!isLoading && items.length > 0 && current === pages - 1 ? (
        <p className="muted my-appointments__end">
          {t('appointments.list.allShown')} <Link to={visitorsHref}>{t('appointments.list.findPeople')}</Link>
        </p>
      ) : null}
      <Pager page={current} pages={pages} onPage={setPage} />
    </>
  );
}

function DownloadAll() {
  const { t } = useTranslation();
  const { data: items } = useMyAppointments();
  const { data: groups } = useAppointmentEvents();
  const events = useMemo(() => new Map([...groups.upcoming, ...groups.past].map((s) => [s.event.event_id, s.event])), [groups]);
  const agreed = items.filter((i) => i.status === 'appointed' && i.time_start > 0 && i.meeting_id > 0);
  if (agreed.length === 0) return null;
  return (
    <Button
      size="sm"
      onClick={() =>
        downloadIcs(
          'foyer-appointments.ics',
          icsCalendar(agreed.map((i) => calendarEntry(i, events.get(i.event_id), personName(i.user_info, t('appointments.someone')), t))),
        )
      }
    >
      {t('appointments.actions.downloadAll')}
    </Button>
  );
}

/** Reminders reach a hidden page only as system notifications, which need the user's permission. */
function NotificationPermission() {
  const { t } = useTranslation();
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : 'denied'));
  if (!supported || permission === 'granted') return null;
  if (permission === 'denied') return <p className="muted my-appointments__hint">{t('appointments.notices.blocked')}</p>;
  return (
    <Button size="sm" variant="ghost" onClick={() => void Notification.requestPermission().then(setPermission)}>
      {t('appointments.notices.enable')}
    </Button>
  );
}

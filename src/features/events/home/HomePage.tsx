import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_CARD_EVENTS } from '../../../../contract/constants.ts';
import {
  useEvents,
  useMyAppointments,
  useMyTickets,
  useSession,
  type AppointmentItem,
  type EventsQuery,
  type EventView,
  type Ticket,
} from '../../../data/index.ts';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { Card } from '../../../ui/Card.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useLoginHref } from '../../../ui/useRequireLogin.ts';
import { EventList, type EventListProps } from '../EventList.tsx';
import { useWidgets } from '../../../ui/widgets.ts';
import { useNow } from '../../../ui/useNow.ts';
import { formatEventRange } from '../../../ui/format/events.ts';
import { meetingWhen, personName } from '../../../ui/format/appointments.ts';
import { NowAndSoon } from '../NowAndSoon.tsx';
import { nextMeeting, nowAndSoon } from './personal.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';

// Module constants: the data hooks re-subscribe when the query object changes.
const FAVORITES: EventsQuery = { filter: 'favorites', sort: 'when', limit: HOME_CARD_EVENTS };
const VIEWED: EventsQuery = { filter: 'viewed', sort: '-viewed', limit: HOME_CARD_EVENTS };
const UPCOMING: EventsQuery = { filter: 'future', sort: 'when', limit: HOME_CARD_EVENTS };
// The user's own events are a handful (MyEventsPage takes them all the same way).
const MINE: EventsQuery = { filter: 'mine', sort: 'when' };
/** How often home looks again at what is on now, soon, and next. */
const PERSONAL_TICK_MS = 60_000;

export function HomePage() {
  const { PeopleCard } = useWidgets();
  const { t } = useTranslation();
  const to = useLocalePath();
  const { user, status } = useSession();
  const loginHref = useLoginHref();
  // A guest's favourites and own events stay empty whatever the first sync brings. What this device
  // viewed is its own record, filled as the user opens events. Waiting for the sync's end on these
  // kept a guest's first visit on the placeholder after the events had come, and then drew home a
  // second time (issue 32). The one case left out: an event viewed during a first sync that broke
  // off before that event's document came; its row then appears when the document does.
  const favorites = useEvents(FAVORITES, { untilFirstSync: Boolean(user) });
  const viewed = useEvents(VIEWED, { untilFirstSync: false });
  const upcoming = useEvents(UPCOMING);
  const mine = useEvents(MINE, { untilFirstSync: Boolean(user) });
  const now = useNow(PERSONAL_TICK_MS);
  const meetings = useMyAppointments();
  const tickets = useMyTickets('future', 1, now);
  useDocumentTitle(null);

  const seeAll = (href: string, total: number) =>
    total > 0 ? (
      <Link className="card__link" to={href}>
        {t('home.seeAll')}
      </Link>
    ) : null;

  // Until the session and the rows have answered, the page shows one placeholder for all of them,
  // and then draws them together under a new key. Each row settling on its own (a guest's
  // favourites turning into the login prompt, an empty "viewed" row shrinking) moved every card
  // below it while the user was looking: most of the first visit's layout shift. The user's own
  // cards wait with them, for the same reason.
  const personalLoading = Boolean(user) && (mine.isLoading || meetings.isLoading || tickets.isLoading);
  const settled = status !== 'loading' && !favorites.isLoading && !viewed.isLoading && !upcoming.isLoading && !personalLoading;
  const soon = user ? nowAndSoon(mine.data.items, now) : [];
  const meeting = user ? nextMeeting(meetings.data, now) : null;
  const ticket = user ? (tickets.data.items[0] ?? null) : null;

  return (
    <div className="page">
      <PageHeader title={user ? t('home.titleUser', { name: user.first_name }) : t('home.title')} lead={t('home.lead')} />
      {settled ? (
        // Only what has something to show: empty rows buried the events under boxes that said so.
        <Fragment key="rows">
          {soon.length > 0 ? <NowAndSoon events={soon} now={now} allLink /> : null}
          {meeting || ticket ? (
            <div className="home-personal">
              {meeting ? <MeetingCard meeting={meeting} /> : null}
              {ticket ? <TicketCard ticket={ticket} /> : null}
            </div>
          ) : null}
          {user && favorites.data.items.length > 0 ? (
            <EventRow title={t('home.favorites')} actions={seeAll(to('/events/favorites'), favorites.data.total)} events={favorites.data.items} />
          ) : null}
          <EventRow
            title={t('home.upcoming')}
            actions={seeAll(to('/events'), upcoming.data.total)}
            events={upcoming.data.items}
            empty={{ title: t('home.upcomingEmpty'), text: t('home.upcomingEmptyText') }}
          />
          {viewed.data.items.length > 0 ? <EventRow title={t('home.viewed')} events={viewed.data.items} /> : null}
          {status === 'ready' && !user ? (
            <Card title={t('home.favorites')}>
              <EmptyState
                compact
                title={t('home.favoritesGuestTitle')}
                text={t('home.favoritesGuestText')}
                action={
                  <Link className="btn btn--primary btn--sm" to={loginHref}>
                    {t('header.login')}
                  </Link>
                }
              />
            </Card>
          ) : null}
          {/* Last: sixteen people are a long list, and the events are what home is for. */}
          <PeopleCard />
        </Fragment>
      ) : (
        <Fragment key="placeholder">
          <EventRow title={t('home.upcoming')} events={null} />
          <Card title={t('home.people')}>
            <Spinner label={t('common.loading')} />
          </Card>
        </Fragment>
      )}
    </div>
  );
}

function cardLink(label: string, href: string) {
  return (
    <Link className="card__link" to={href}>
      {label}
    </Link>
  );
}

function MeetingCard({ meeting }: { meeting: AppointmentItem }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const where = meeting.is_online ? t('home.meetingOnline') : meeting.where;
  return (
    <Card title={t('home.nextMeeting')} className="home-personal__card" actions={cardLink(t('home.allMeetings'), to('/profile/mymeeting'))}>
      <div className="home-personal__body" data-testid="home-next-meeting">
        <img className="home-personal__avatar" src={meeting.user_info.avatar} alt="" width={40} height={40} loading="lazy" />
        <div>
          <p className="home-personal__title">{personName(meeting.user_info, t('home.someone'))}</p>
          <p className="muted">{[meetingWhen(meeting), where].filter(Boolean).join(' · ')}</p>
        </div>
      </div>
    </Card>
  );
}

function TicketCard({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Card title={t('home.ticket')} className="home-personal__card" actions={cardLink(t('home.showTicket'), to('/profile/mytickets'))}>
      <div className="home-personal__body" data-testid="home-ticket">
        <div>
          <p className="home-personal__title">
            <Link to={to(`/events/${ticket.event_id}`)}>{ticket.event.name}</Link>
          </p>
          <p className="muted">{[formatEventRange(ticket.when, ticket.when_end, ticket.event.timezone), ticket.type].filter(Boolean).join(' · ')}</p>
        </div>
      </div>
    </Card>
  );
}

/** One sideways row of events in its card; `events` null draws the row's loading placeholder. */
function EventRow({ title, actions, events, empty }: { title: string; actions?: ReactNode; events: EventView[] | null; empty?: EventListProps['empty'] }) {
  return (
    <Card title={title} actions={actions}>
      <EventList layout="row" items={events ?? []} isLoading={events === null} empty={empty ?? { title: '' }} />
    </Card>
  );
}

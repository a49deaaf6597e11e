import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEvent, useSession } from '../../data/index.ts';
import { useLocalePath } from '../../app/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { LoginPrompt } from '../auth/LoginPrompt.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import './live.css';
import { EventNotFound } from '../events/EventNotFound.tsx';

/** events.md §2: the event id is the route's, or the first numeric segment of the path. */
export function liveEventId(param: string | undefined, pathname: string): number {
  const fromParam = Number(param);
  if (Number.isInteger(fromParam) && fromParam > 0) return fromParam;
  const segment = pathname.split('/').find((p) => /^[1-9]\d{0,9}$/.test(p));
  return segment ? Number(segment) : 0;
}

/**
 * The live translation page (events.md §2, §4 "Live gating"): a guest sees the login prompt and
 * nothing else mounts (no chat, no schedule request); a signed-in user without a ticket who does not
 * own the event sees the ticket dialog; owners and moderators pass. The children (stage, chat,
 * visitors, companies) render in the outlet.
 */
export function LivePage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { pathname } = useLocation();
  const eventId = liveEventId(useParams().eventId, pathname);
  const { user, status } = useSession();
  const { data: event, isLoading } = useEvent(eventId);
  useDocumentTitle(event ? t('live.titleOf', { name: event.name }) : t('live.title'));

  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('live.loginTitle')} text={t('live.loginText')} />;
  if (isLoading && !event) return <Spinner label={t('common.loading')} />;
  if (!event) return <EventNotFound />;
  if (!event.has_ticket && !event.is_owner && !event.is_moderator) {
    return (
      <div className="page page--narrow" role="dialog" aria-labelledby="live-ticket-title">
        <EmptyState
          title={<span id="live-ticket-title">{t('live.ticketTitle')}</span>}
          text={t('live.ticketText', { name: event.name })}
          action={
            <div className="live-ticket__actions">
              <Link className="btn btn--primary" to={to(`/events/${eventId}?buy=1`)}>
                {t('live.buyTicket')}
              </Link>
              <Link className="btn btn--secondary" to={to(`/events/${eventId}`)}>
                {t('live.eventInfo')}
              </Link>
            </div>
          }
        />
      </div>
    );
  }

  const base = `/events/${eventId}/live-translation`;
  const tab = (path: string, label: string, end = false) => (
    <NavLink to={to(`${base}/${path}`)} end={end} className={({ isActive }) => `live-nav__item${isActive ? ' live-nav__item--active' : ''}`}>
      {label}
    </NavLink>
  );
  return (
    <div className="page live-page">
      <header className="live-page__header">
        <h1 className="live-page__title">
          <Link to={to(`/events/${eventId}`)}>{event.name}</Link>
        </h1>
        <p className="live-page__online muted">{t('live.online', { count: event.users_online })}</p>
      </header>
      <nav className="live-nav" aria-label={t('live.navLabel')}>
        {tab('stage', t('live.nav.stage'))}
        {tab('chat', t('live.nav.chat'))}
        {tab('visitors', t('live.nav.networking'))}
        {tab('companies', t('live.nav.expo'))}
      </nav>
      <Outlet />
    </div>
  );
}

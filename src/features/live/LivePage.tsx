import { useCallback, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEvent, useLiveOnline, useSession, type EventView, type SocketException } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Toast, ToastRegion } from '../../ui/Toast.tsx';
import { EventNotFound } from '../../ui/EventNotFound.tsx';
import { ZonesNote } from '../../ui/ZonesNote.tsx';
import { Button } from '../../ui/Button.tsx';
import { useCheckoutUi } from '../../ui/checkout-ui.ts';
import { isStageSection, liveEventId, liveSection, mayEnterLive } from './access.ts';
import { LivePanel, panelKind } from './LivePanel.tsx';
import { LiveVideo } from './LiveVideo.tsx';
import { useScrollRoom } from './useScrollRoom.ts';
import './live.css';

const TOAST_MS = 8000;

interface LiveToast {
  id: number;
  text: string;
}

/**
 * The live translation page (events.md §2, §4 "Live gating"): a guest sees the login prompt and
 * nothing else mounts (no chat, no schedule request); a signed-in user without a ticket who does not
 * own the event sees the ticket dialog and never opens the chat socket; owners and moderators pass.
 * The sections (stage, chat, visitors, companies) render in the outlet; the video and the side panel
 * are the page's own, so the video keeps playing, docked at the bottom of the screen, while the
 * reader visits the others (live.css says where it docks and why it never covers a form).
 */
export function LivePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const eventId = liveEventId(useParams().eventId, pathname);
  const { user, status } = useSession();
  const { data: event, isLoading } = useEvent(eventId);
  useDocumentTitle(event ? t('live.titleOf', { name: event.name }) : t('live.title'));

  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('live.loginTitle')} text={t('live.loginText')} />;
  if (isLoading && !event) return <Spinner label={t('common.loading')} />;
  if (!event) return <EventNotFound />;
  if (!mayEnterLive(event)) return <TicketDialog eventId={eventId} name={event.name} />;
  return <LiveLayout event={event} section={liveSection(pathname)} />;
}

function TicketDialog({ eventId, name }: { eventId: number; name: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const checkout = useCheckoutUi();
  return (
    <div className="page page--narrow" role="dialog" aria-labelledby="live-ticket-title" data-testid="live-ticket-dialog">
      <EmptyState
        title={<span id="live-ticket-title">{t('live.ticketTitle')}</span>}
        text={t('live.ticketText', { name })}
        action={
          <div className="live-ticket__actions">
            {/* The checkout opens over this page; once the ticket is the user's, the page opens up. */}
            <Button variant="primary" onClick={() => checkout.open(eventId)}>
              {t('live.buyTicket')}
            </Button>
            <Link className="btn btn--secondary" to={to(`/events/${eventId}`)}>
              {t('live.eventInfo')}
            </Link>
          </div>
        }
      />
    </div>
  );
}

function LiveLayout({ event, section }: { event: EventView; section: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const eventId = event.event_id;
  const onStage = isStageSection(section);
  const [toasts, setToasts] = useState<LiveToast[]>([]);
  const nextToast = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  const toast = useCallback(
    (text: string) => {
      const id = nextToast.current++;
      setToasts((list) => [...list, { id, text }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  // Only people who passed the gate get here, so the socket is never opened for anybody else.
  const online = useLiveOnline(
    eventId,
    true,
    event.users_online,
    useCallback((e: SocketException) => toast(t(`errors.${e.code}`, { defaultValue: e.message || t('errors.unknown_error') })), [toast, t]),
  );
  const onVideoError = useCallback(() => toast(t('live.video.error')), [toast, t]);
  // Off the stage the player docks at the bottom of the screen; inputs scroll above it, not under.
  const videoSlot = useRef<HTMLDivElement>(null);
  useScrollRoom(videoSlot, !onStage);

  const base = `/events/${eventId}/live-translation`;
  const tab = (path: string, label: string) => (
    <NavLink to={to(`${base}/${path}`)} className={({ isActive }) => `live-nav__item${isActive ? ' live-nav__item--active' : ''}`}>
      {label}
    </NavLink>
  );
  return (
    <div className={`page live-page live-page--${onStage ? 'stage' : 'section'}`}>
      <header className="live-page__header">
        <h1 className="live-page__title">
          <Link to={to(`/events/${eventId}`)}>{event.name}</Link>
        </h1>
        <p className="live-page__online muted" data-testid="live-online" data-source={online.source} data-count={online.count}>
          {t('live.online', { count: online.count })}
        </p>
        {/* The programme runs on the venue's clock, the chat on the reader's: said once for the page. */}
        <ZonesNote eventZone={event.timezone} what="live" className="live-page__zones muted" />
      </header>
      <nav className="live-nav" aria-label={t('live.navLabel')}>
        {tab('stage', t('live.nav.stage'))}
        {tab('chat', t('live.nav.chat'))}
        {tab('visitors', t('live.nav.networking'))}
        {tab('companies', t('live.nav.expo'))}
      </nav>
      <div className="live-layout">
        <div className="live-layout__video" ref={videoSlot}>
          <LiveVideo event={event} mode={onStage ? 'inline' : 'floating'} onError={onVideoError} />
        </div>
        <div className="live-layout__main">
          <Outlet />
        </div>
        <div className="live-layout__panel">
          <LivePanel event={event} kind={panelKind(section)} visitorsPath={`${base}/visitors`} />
        </div>
      </div>
      <ToastRegion label={t('live.toastsLabel')}>
        {toasts.map((item) => (
          <Toast key={item.id} tone="error" dismissLabel={t('common.dismiss')} onDismiss={() => dismiss(item.id)}>
            <p>{item.text}</p>
          </Toast>
        ))}
      </ToastRegion>
    </div>
  );
}

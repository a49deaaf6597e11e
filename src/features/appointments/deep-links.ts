import { useEffect, useState } from 'react';
import { matchPath, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession, useSharedEvents, useSyncStatus, useVisitorsKnown, type EventView } from '../../data/index.ts';
import { useLoginHref } from '../../ui/useRequireLogin.ts';
import type { RequestTarget } from '../../ui/appointment-ui.ts';

/**
 * The dashboard's deep links (events.md §2: "the query parameter meeting_user_id opens the appointment
 * creation modal for that user" on any page), and ?call_meeting_id=. The event comes from
 * ?event_id=, else from the page's route (/events/:id/...), else from the events the user and that
 * person both attend as this device knows them: the one running now, or the next. A guest is sent to
 * log in first and comes back to the same link.
 */

/** Why a link could not open the modal, for the dashboard's notice. */
export type DeepLinkProblem = 'noSharedEvent';

/**
 * The event a meeting with this person is for, among the events the device holds them as a visitor
 * of (the device replicates visitors only for events the user takes part in): one that has not
 * ended, running before upcoming, soonest first.
 */
export function sharedEventFor(events: readonly Pick<EventView, 'event_id' | 'when' | 'when_end'>[], nowSeconds: number): number | null {
  const open = events.filter((e) => (e.when_end > e.when ? e.when_end > nowSeconds : true));
  open.sort((a, b) => Number(b.when <= nowSeconds) - Number(a.when <= nowSeconds) || a.when - b.when || a.event_id - b.event_id);
  return open[0]?.event_id ?? null;
}

interface Pending {
  userId: number;
  date: string | null;
}

/**
 * Reads the links once the session is known, opens what they ask for and takes the parameters off
 * the address. Returns the problem to tell the user about, if any (it clears itself).
 */
export function useDeepLinks(ui: { openRequest(t: RequestTarget): void; openCall(id: number): void }): DeepLinkProblem | null {
  const { user, status } = useSession();
  const ready = status === 'ready';
  const signedIn = Boolean(user);
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const loginHref = useLoginHref();
  const [problem, setProblem] = useState<DeepLinkProblem | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  useEffect(() => {
    const userId = Number(params.get('meeting_user_id'));
    const callId = Number(params.get('call_meeting_id'));
    // The session decides what a link may open; wait until it has been read.
    if (!ready || (!userId && !callId)) return;
    const routeEvent = Number(matchPath('/:locale/events/:eventId/*', pathname)?.params.eventId);
    const eventId = Number(params.get('event_id')) || routeEvent;
    if (userId > 0 && !(eventId > 0) && !signedIn) {
      // Which events we share is the user's to know: log in first, then the same link again.
      navigate(loginHref, { replace: true });
      return;
    }
    const next = new URLSearchParams(params);
    if (userId > 0) {
      if (eventId > 0) ui.openRequest({ eventId, userId, date: params.get('date') });
      else setPending({ userId, date: params.get('date') });
      next.delete('meeting_user_id');
      next.delete('date');
      // My appointments keeps event_id as its own; elsewhere it only served the modal.
      if (!pathname.endsWith('/profile/mymeeting')) next.delete('event_id');
    }
    if (callId > 0) {
      if (signedIn) ui.openCall(callId);
      next.delete('call_meeting_id');
    }
    setParams(next, { replace: true });
  }, [params, pathname, setParams, ui, signedIn, ready, navigate, loginHref]);

  const resolved = useSharedEvent(pending?.userId ?? null);
  useEffect(() => {
    if (!pending || resolved === undefined) return;
    setPending(null);
    if (resolved === null) setProblem('noSharedEvent');
    else ui.openRequest({ eventId: resolved, userId: pending.userId, date: pending.date });
  }, [pending, resolved, ui]);

  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => setProblem(null), 8000);
    return () => clearTimeout(timer);
  }, [problem]);
  return problem;
}

/**
 * The shared event to book with `userId`: undefined while the device may still be learning it (the
 * person's visitor cards or the events not synced yet), null when there is none.
 */
function useSharedEvent(userId: number | null): number | null | undefined {
  const { data: events, isLoading } = useSharedEvents(userId);
  const known = useVisitorsKnown();
  const sync = useSyncStatus();
  if (userId === null || isLoading) return undefined;
  const found = sharedEventFor(events, Math.floor(Date.now() / 1000));
  if (found !== null) return found;
  // Nothing yet: right after signing in the person's cards may still be on their way. Once the
  // visitors have caught up, or with no network to bring them, "none" is the answer.
  return known || sync.state === 'offline' ? null : undefined;
}

import type { EventView } from '../../data/index.ts';

/** events.md §2: the event id is the route's, or the first numeric segment of the path. */
export function liveEventId(param: string | undefined, pathname: string): number {
  const fromParam = Number(param);
  if (Number.isInteger(fromParam) && fromParam > 0) return fromParam;
  const segment = pathname.split('/').find((p) => /^[1-9]\d{0,9}$/.test(p));
  return segment ? Number(segment) : 0;
}

/**
 * Who gets past the live page's ticket dialog, and therefore opens the chat socket (events.md §4
 * "Live gating"): ticket holders, the event's owners and chat moderators, and, as the server lets
 * them read the chat (server/domain/chat/access.ts), visitors checked in to a free event, which
 * has no tickets to hold.
 */
export function mayEnterLive(event: Pick<EventView, 'has_ticket' | 'is_owner' | 'is_moderator' | 'is_free' | 'checked_in'>): boolean {
  return event.has_ticket || event.is_owner || event.is_moderator || (event.is_free && event.checked_in);
}

/** The section of the live page a path shows: the part after live-translation/, '' for the page itself. */
export function liveSection(pathname: string): string {
  const i = pathname.indexOf('/live-translation');
  if (i < 0) return '';
  return (
    pathname
      .slice(i + '/live-translation'.length)
      .split('/')
      .find(Boolean) ?? ''
  );
}

/** The stage, and the page's own address, which redirects to the stage. */
export function isStageSection(section: string): boolean {
  return section === '' || section === 'stage';
}

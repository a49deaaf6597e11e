import type { Widgets } from '../ui/widgets.ts';
import { later } from '../ui/later.ts';
import { PeopleCard } from '../features/people/PeopleCard.tsx';

/**
 * The widgets screens show across features (ui/widgets.ts). The home page's people card comes with
 * the first route; the others sit on screens that load on demand (the event, live and profile
 * pages), so they are chunks of their own too, fetched when such a screen first draws one.
 */
export const WIDGETS: Widgets = {
  PeopleCard,
  EventChat: later(async () => (await import('../features/chat/EventChat.tsx')).EventChat),
  CompaniesCard: later(async () => (await import('../features/companies/CompaniesCard.tsx')).CompaniesCard),
  VisitorList: later(async () => (await import('../features/visitors/VisitorList.tsx')).VisitorList),
  TicketsAside: later(async () => (await import('../features/tickets/TicketsAside.tsx')).TicketsAside),
};

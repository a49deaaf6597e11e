import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { Widgets } from '../ui/widgets.ts';
import { PeopleCard } from '../features/people/PeopleCard.tsx';

/**
 * The widgets screens show across features (ui/widgets.ts). The home page's people card comes with
 * the first route; the others sit on screens that load on demand (the event, live and profile
 * pages), so they are chunks of their own too, fetched when such a screen first draws one.
 */
function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  // Drawn as nothing for the moment its code takes, inside the screen that shows it.
  return (props: P) => createElement(Suspense, { fallback: null }, createElement(Lazy, props));
}

export const WIDGETS: Widgets = {
  PeopleCard,
  EventChat: later(async () => (await import('../features/chat/EventChat.tsx')).EventChat),
  CompaniesCard: later(async () => (await import('../features/companies/CompaniesCard.tsx')).CompaniesCard),
  VisitorList: later(async () => (await import('../features/visitors/VisitorList.tsx')).VisitorList),
  TicketsAside: later(async () => (await import('../features/tickets/TicketsAside.tsx')).TicketsAside),
};

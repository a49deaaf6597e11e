import { createContext, useContext, type ComponentType } from 'react';
import type { EventView, VisitorsPageData } from '../data/index.ts';

/**
 * The few widgets of one feature that another feature's screen shows inside itself: the event's chat
 * (on the event, live and discussions pages), the companies and people cards, the visitors list of the
 * live page and the profile's tickets aside. Screens take them from here instead of importing the
 * other feature, so features stay apart; src/app, which may import every feature, provides them
 * (app/widgets.ts), as AppointmentHost provides the appointment modals.
 */
export interface VisitorListProps {
  eventId: number;
  event: EventView | undefined;
  data: Pick<VisitorsPageData, 'items' | 'total' | 'source'>;
  onFilterBy(by: { menuId: number } | { role: string }): void;
  onMore(): void;
  /** Smaller buttons, for the live page's narrow column. */
  compact?: boolean;
}

export interface Widgets {
  EventChat: ComponentType<{ eventId: number; className?: string }>;
  CompaniesCard: ComponentType<{ eventId: number }>;
  PeopleCard: ComponentType;
  VisitorList: ComponentType<VisitorListProps>;
  TicketsAside: ComponentType;
}

export const WidgetsContext = createContext<Widgets | null>(null);

export function useWidgets(): Widgets {
  const widgets = useContext(WidgetsContext);
  if (!widgets) throw new Error('useWidgets outside the WidgetsContext that src/app provides');
  return widgets;
}

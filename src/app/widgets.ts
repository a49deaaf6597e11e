import type { Widgets } from '../ui/widgets.ts';
import { EventChat } from '../features/chat/EventChat.tsx';
import { CompaniesCard } from '../features/companies/CompaniesCard.tsx';
import { PeopleCard } from '../features/people/PeopleCard.tsx';
import { VisitorList } from '../features/visitors/VisitorList.tsx';
import { TicketsAside } from '../features/tickets/TicketsAside.tsx';

/** The widgets screens show across features (ui/widgets.ts); all of them sit on eagerly loaded screens already. */
export const WIDGETS: Widgets = { EventChat, CompaniesCard, PeopleCard, VisitorList, TicketsAside };

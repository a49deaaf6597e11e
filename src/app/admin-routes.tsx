import { Navigate, type RouteObject } from 'react-router-dom';
import { screen } from './screen.tsx';

/**
 * The organiser's admin area (issue 14): the events list, a new event, and one event's sections
 * (src/features/admin/sections.ts) inside its layout. Each screen is its own chunk (screen.tsx).
 */
export const ADMIN_ROUTES: RouteObject[] = [
  // The organiser's admin area (issue 14); /admin/events without a locale lands here too.
  { path: 'admin', element: <Navigate to="events" replace /> },
  {
    path: 'admin/events',
    element: screen(
      () => import('../features/admin/AdminEventsPage.tsx'),
      (m) => m.AdminEventsPage,
    ),
  },
  {
    path: 'admin/events/new',
    element: screen(
      () => import('../features/admin/EventEditorPage.tsx'),
      (m) => m.NewEventPage,
    ),
  },
  {
    // One event's sections (src/features/admin/sections.ts), inside its layout.
    path: 'admin/events/:eventId',
    element: screen(
      () => import('../features/admin/AdminEventLayout.tsx'),
      (m) => m.AdminEventLayout,
    ),
    children: [
      {
        index: true,
        element: screen(
          () => import('../features/admin/EventEditorPage.tsx'),
          (m) => m.EventEditorPage,
        ),
      },
      {
        path: 'schedule',
        element: screen(
          () => import('../features/admin/schedule/SchedulePage.tsx'),
          (m) => m.SchedulePage,
        ),
      },
      {
        path: 'meetings',
        element: screen(
          () => import('../features/admin/meetings/MeetingsPage.tsx'),
          (m) => m.MeetingsPage,
        ),
      },
      {
        path: 'stands',
        element: screen(
          () => import('../features/admin/stands/StandsPage.tsx'),
          (m) => m.StandsPage,
        ),
      },
      {
        path: 'stands/:standKey',
        element: screen(
          () => import('../features/admin/stands/StandEditorPage.tsx'),
          (m) => m.StandEditorPage,
        ),
      },
      {
        path: 'people',
        element: screen(
          () => import('../features/admin/people/PeoplePage.tsx'),
          (m) => m.PeoplePage,
        ),
      },
      {
        path: 'overview',
        element: screen(
          () => import('../features/admin/overview/OverviewPage.tsx'),
          (m) => m.OverviewPage,
        ),
      },
      {
        path: 'tickets',
        element: screen(
          () => import('../features/admin/tickets/SalesSection.tsx'),
          (m) => m.TicketTypesSection,
        ),
      },
      {
        path: 'orders',
        element: screen(
          () => import('../features/admin/tickets/SalesSection.tsx'),
          (m) => m.OrdersSection,
        ),
      },
    ],
  },
];

import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RootRedirect } from './RootRedirect.tsx';
import { LocaleRoot } from './LocaleRoot.tsx';
import { Layout } from './layout/Layout.tsx';
import { NotFound } from './NotFound.tsx';
import { RouteError } from './RouteError.tsx';
import { HomePage } from '../features/events/home/HomePage.tsx';
import { EventPage } from '../features/events/event/EventPage.tsx';
import { EventsByCategoryPage } from '../features/events/browse/EventsByCategoryPage.tsx';
import { EventsByCityPage } from '../features/events/browse/EventsByCityPage.tsx';
import { FavoritesPage } from '../features/events/favorites/FavoritesPage.tsx';
import { MyEventsPage } from '../features/events/mine/MyEventsPage.tsx';
import { UserEventsPage } from '../features/events/mine/UserEventsPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { MyAppointmentsPage } from '../features/appointments/MyAppointmentsPage.tsx';
import { VisitorsPage } from '../features/visitors/VisitorsPage.tsx';
import { PeoplePage } from '../features/people/PeoplePage.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import { MyProfilePage } from '../features/profile/MyProfilePage.tsx';
import { CompaniesPage } from '../features/companies/CompaniesPage.tsx';
import { CompanyPage } from '../features/companies/CompanyPage.tsx';
import { MyTicketsPage } from '../features/tickets/MyTicketsPage.tsx';
import { TicketDesignPage } from '../features/tickets/TicketDesignPage.tsx';
import { CheckinPage } from '../features/checkin/CheckinPage.tsx';
import { DoorEventsPage } from '../features/checkin/DoorEventsPage.tsx';
import { MessagesPage } from '../features/messages/MessagesPage.tsx';
import { LiveChat, LiveStage } from '../features/live/LiveStage.tsx';
import { LivePage } from '../features/live/LivePage.tsx';
import { TwitterwallPage } from '../features/live/TwitterwallPage.tsx';

/**
 * Every screen sits under a locale prefix (/uk/..., /en/...), so a shared link opens in the
 * language it was shared in. Static paths (events/list, events/favorites) rank above the
 * events/:eventId pattern in react-router's matching, whatever their order here.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    path: '/:locale',
    element: <LocaleRoot />,
    errorElement: <RouteError />,
    children: [
      // The projector view fills the screen: no header or navigation.
      { path: 'events/twitterwall/:eventId', element: <TwitterwallPage /> },
      {
        element: <Layout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'events', element: <EventsByCityPage /> },
          { path: 'events/list', element: <EventsByCategoryPage /> },
          { path: 'events/favorites', element: <FavoritesPage /> },
          { path: 'events/:eventId', element: <EventPage /> },
          { path: 'events/:eventId/visitors', element: <VisitorsPage /> },
          { path: 'events/:eventId/companies', element: <CompaniesPage /> },
          { path: 'events/:eventId/companies-detail/:standId', element: <CompanyPage /> },
          { path: 'events/:eventId/checkin', element: <CheckinPage /> },
          { path: 'events/:eventId/ticket-design', element: <TicketDesignPage /> },
          {
            path: 'events/:eventId/live-translation',
            element: <LivePage />,
            children: [
              { index: true, element: <Navigate to="stage" replace /> },
              { path: 'stage', element: <LiveStage /> },
              { path: 'chat', element: <LiveChat /> },
              { path: 'visitors', element: <VisitorsPage /> },
              { path: 'companies', element: <CompaniesPage /> },
              // The expo's stand, where a stand manager's Open Stand leads.
              { path: 'companies/:standId', element: <CompanyPage /> },
            ],
          },
          { path: 'checkin', element: <DoorEventsPage /> },
          { path: 'people', element: <PeoplePage /> },
          { path: 'profiles/:userId', element: <ProfilePage /> },
          { path: 'profile', element: <MyProfilePage /> },
          { path: 'profile/myevents', element: <MyEventsPage /> },
          { path: 'profile/mymeeting', element: <MyAppointmentsPage /> },
          { path: 'profile/mytickets', element: <MyTicketsPage /> },
          { path: 'profile/mymessages', element: <MessagesPage /> },
          { path: 'user/:userId/events', element: <UserEventsPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

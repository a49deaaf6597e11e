import { createBrowserRouter, type RouteObject } from 'react-router-dom';
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
      {
        element: <Layout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'events', element: <EventsByCityPage /> },
          { path: 'events/list', element: <EventsByCategoryPage /> },
          { path: 'events/favorites', element: <FavoritesPage /> },
          { path: 'events/:eventId', element: <EventPage /> },
          { path: 'events/:eventId/visitors', element: <VisitorsPage /> },
          { path: 'people', element: <PeoplePage /> },
          { path: 'profiles/:userId', element: <ProfilePage /> },
          { path: 'profile', element: <MyProfilePage /> },
          { path: 'profile/myevents', element: <MyEventsPage /> },
          { path: 'profile/mymeeting', element: <MyAppointmentsPage /> },
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

import { Navigate, type RouteObject } from 'react-router-dom';
import { RootRedirect } from './RootRedirect.tsx';
import { LocaleRoot } from './LocaleRoot.tsx';
import { Layout } from './layout/Layout.tsx';
import { NotFound } from './NotFound.tsx';
import { UserRedirect } from './UserRedirect.tsx';
import { LegacyRedirect } from './LegacyRedirect.tsx';
import { HomePage } from '../features/events/home/HomePage.tsx';
import { ADMIN_ROUTES } from './admin-routes.tsx';
import { screen } from './screen.tsx';

/**
 * Screens most visits never open (the door, ticket design, the live stage, messages…) load as their own
 * chunks, so the first route runs less script (bench:weight). The service worker precaches every chunk,
 * so an installed app still opens them offline. A screen shows the loading state for the moment its
 * code takes (only the first time: the chunk stays loaded); one whose code cannot be fetched throws
 * to the error boundary around the routes (App.tsx), which offers a reload.
 *
 * The routes are a plain route table for useRoutes, not a data router: Foyer's screens read their
 * data themselves (from the device), so loaders and actions had nothing to do, and the data router
 * was about 17 KiB gzip more of the first route (issue 13).
 *
 * Screens people go to from the first one (an event, its visitors, the lists, the login) are not
 * part of the first route either (issue 13). The service worker precaches them with the rest, so
 * after the first visit going there waits for no network.
 */

const eventPage = screen(
  () => import('../features/events/event/EventPage.tsx'),
  (m) => m.EventPage,
);
const visitorsPage = screen(
  () => import('../features/visitors/VisitorsPage.tsx'),
  (m) => m.VisitorsPage,
);
const byCity = screen(
  () => import('../features/events/browse/EventsByCityPage.tsx'),
  (m) => m.EventsByCityPage,
);
const byCategory = screen(
  () => import('../features/events/browse/EventsByCategoryPage.tsx'),
  (m) => m.EventsByCategoryPage,
);
const favorites = screen(
  () => import('../features/events/favorites/FavoritesPage.tsx'),
  (m) => m.FavoritesPage,
);
const myEvents = screen(
  () => import('../features/events/mine/MyEventsPage.tsx'),
  (m) => m.MyEventsPage,
);
const userEvents = screen(
  () => import('../features/events/mine/UserEventsPage.tsx'),
  (m) => m.UserEventsPage,
);
const login = screen(
  () => import('../features/auth/LoginPage.tsx'),
  (m) => m.LoginPage,
);

/**
 * Every screen sits under a locale prefix (/uk/..., /en/...), so a shared link opens in the
 * language it was shared in. Static paths (events/list, events/favorites) rank above the
 * events/:eventId pattern in react-router's matching, whatever their order here.
 */
const companies = screen(
  () => import('../features/companies/CompaniesPage.tsx'),
  (m) => m.CompaniesPage,
);
const company = screen(
  () => import('../features/companies/CompanyPage.tsx'),
  (m) => m.CompanyPage,
);

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    path: '/:locale',
    element: <LocaleRoot />,
    children: [
      // The projector view fills the screen: no header or navigation.
      {
        path: 'events/twitterwall/:eventId',
        element: screen(
          () => import('../features/live/TwitterwallPage.tsx'),
          (m) => m.TwitterwallPage,
        ),
      },
      {
        element: <Layout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'events', element: byCity },
          { path: 'events/list', element: byCategory },
          { path: 'events/favorites', element: favorites },
          { path: 'events/:eventId', element: eventPage },
          { path: 'events/:eventId/visitors', element: visitorsPage },
          {
            path: 'events/:eventId/discussions',
            element: screen(
              () => import('../features/chat/DiscussionsPage.tsx'),
              (m) => m.DiscussionsPage,
            ),
          },
          {
            path: 'events/:eventId/trip',
            element: screen(
              () => import('../features/trips/TripPlanPage.tsx'),
              (m) => m.TripPlanPage,
            ),
          },
          { path: 'events/:eventId/companies', element: companies },
          { path: 'events/:eventId/companies-detail/:standId', element: company },
          // The specs' older address of one company page (events.md §1), the same stand page.
          { path: 'events/:eventId/companies/:standId', element: company },
          // The specs' Open Stand: a stand's managers edit it (src/features/admin/stands).
          {
            path: 'events/:eventId/companies-detail/:standId/edit',
            element: screen(
              () => import('../features/admin/stands/ManagedStandPage.tsx'),
              (m) => m.ManagedStandPage,
            ),
          },
          {
            path: 'events/:eventId/checkin',
            element: screen(
              () => import('../features/checkin/CheckinPage.tsx'),
              (m) => m.CheckinPage,
            ),
          },
          {
            // Buying tickets as a page: the ticket widget, the way back from signing in and from the card provider.
            path: 'events/:eventId/checkout',
            element: screen(
              () => import('../features/checkout/CheckoutPage.tsx'),
              (m) => m.CheckoutPage,
            ),
          },
          {
            path: 'events/:eventId/ticket-design',
            element: screen(
              () => import('../features/tickets/TicketDesignPage.tsx'),
              (m) => m.TicketDesignPage,
            ),
          },
          {
            path: 'events/:eventId/live-translation',
            element: screen(
              () => import('../features/live/LivePage.tsx'),
              (m) => m.LivePage,
            ),
            children: [
              { index: true, element: <Navigate to="stage" replace /> },
              {
                path: 'stage',
                element: screen(
                  () => import('../features/live/LiveStage.tsx'),
                  (m) => m.LiveStage,
                ),
              },
              {
                path: 'chat',
                element: screen(
                  () => import('../features/live/LiveStage.tsx'),
                  (m) => m.LiveChat,
                ),
              },
              { path: 'visitors', element: visitorsPage },
              { path: 'companies', element: companies },
              // The expo's stand, where a stand manager's Open Stand leads.
              { path: 'companies/:standId', element: company },
            ],
          },
          {
            path: 'checkin',
            element: screen(
              () => import('../features/checkin/DoorEventsPage.tsx'),
              (m) => m.DoorEventsPage,
            ),
          },
          {
            path: 'people',
            element: screen(
              () => import('../features/people/PeoplePage.tsx'),
              (m) => m.PeoplePage,
            ),
          },
          {
            path: 'profiles/:userId',
            element: screen(
              () => import('../features/profile/ProfilePage.tsx'),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: 'profile',
            element: screen(
              () => import('../features/profile/MyProfilePage.tsx'),
              (m) => m.MyProfilePage,
            ),
          },
          { path: 'profile/myevents', element: myEvents },
          {
            path: 'profile/mymeeting',
            element: screen(
              () => import('../features/appointments/MyAppointmentsPage.tsx'),
              (m) => m.MyAppointmentsPage,
            ),
          },
          {
            path: 'profile/mytickets',
            element: screen(
              () => import('../features/tickets/MyTicketsPage.tsx'),
              (m) => m.MyTicketsPage,
            ),
          },
          {
            path: 'profile/mymessages',
            element: screen(
              () => import('../features/messages/MessagesPage.tsx'),
              (m) => m.MessagesPage,
            ),
          },
          {
            path: 'profile/notification',
            element: screen(
              () => import('../features/notifications/NotificationsPage.tsx'),
              (m) => m.NotificationsPage,
            ),
          },
          {
            path: 'profile/calendar',
            element: screen(
              () => import('../features/calendar/CalendarPage.tsx'),
              (m) => m.CalendarPage,
            ),
          },
          {
            path: 'events/:eventId/meet',
            element: screen(
              () => import('../features/contacts/MeetPage.tsx'),
              (m) => m.MeetPage,
            ),
          },
          {
            path: 'events/:eventId/companies/:standId/leads',
            element: screen(
              () => import('../features/contacts/LeadsPage.tsx'),
              (m) => m.LeadsPage,
            ),
          },
          {
            path: 'contacts',
            element: screen(
              () => import('../features/contacts/ContactsPage.tsx'),
              (m) => m.ContactsPage,
            ),
          },
          {
            path: 'referrers',
            element: screen(
              () => import('../features/referrals/ReferralsPage.tsx'),
              (m) => m.ReferralsPage,
            ),
          },
          { path: 'user/:userId/events', element: userEvents },
          ...ADMIN_ROUTES,
          // The specs' user/{userId} (networking.md §2): the same person's profile page.
          { path: 'user/:userId', element: <UserRedirect /> },
          { path: 'myprofile', element: <LegacyRedirect /> },
          { path: 'myprofile/:page', element: <LegacyRedirect /> },
          { path: 'login', element: login },
          {
            path: 'signup',
            element: screen(
              () => import('../features/account/SignupPage.tsx'),
              (m) => m.SignupPage,
            ),
          },
          {
            path: 'account/forgot',
            element: screen(
              () => import('../features/account/ForgotPasswordPage.tsx'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: 'account/reset',
            element: screen(
              () => import('../features/account/ResetPasswordPage.tsx'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'invitation',
            element: screen(
              () => import('../features/account/InvitationPage.tsx'),
              (m) => m.InvitationPage,
            ),
          },
          {
            path: 'account/verify',
            element: screen(
              () => import('../features/account/VerifyEmailPage.tsx'),
              (m) => m.VerifyEmailPage,
            ),
          },
          {
            path: 'account/undo-email',
            element: screen(
              () => import('../features/account/UndoEmailPage.tsx'),
              (m) => m.UndoEmailPage,
            ),
          },
          {
            path: 'profile/settings',
            element: screen(
              () => import('../features/account/SettingsPage.tsx'),
              (m) => m.SettingsPage,
            ),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

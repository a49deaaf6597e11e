/**
 * The user menu of the specs (events.md §2: profile, admin panel, events, tickets, referral system,
 * messages, notifications, appointments, calendar, settings, add an event, logout), in their order,
 * with Foyer's own additions where they belong: the public page of one's events and favorites beside
 * my events, the door beside the calendar. tests/e2e/header-walk.test.ts opens every one of them.
 */
export function menuLinks(userId: number): { path: string; label: string }[] {
  return [
    { path: '/profile', label: 'nav.profile' },
    { path: '/admin/events', label: 'nav.admin' },
    { path: '/profile/myevents', label: 'nav.myEvents' },
    { path: `/user/${userId}/events`, label: 'nav.userEvents' },
    { path: '/events/favorites', label: 'nav.favorites' },
    { path: '/profile/mytickets', label: 'nav.tickets' },
    { path: '/referrers', label: 'nav.referrals' },
    { path: '/profile/mymessages', label: 'nav.messages' },
    { path: '/profile/notification', label: 'nav.notifications' },
    { path: '/profile/mymeeting', label: 'nav.appointments' },
    { path: '/profile/calendar', label: 'nav.calendar' },
    { path: '/checkin', label: 'nav.door' },
    { path: '/profile/settings', label: 'nav.settings' },
    { path: '/admin/events/new', label: 'nav.addEvent' },
  ];
}

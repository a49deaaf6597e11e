export interface MenuLink {
  path: string;
  label: string;
}

export interface MenuGroup {
  /** Said to screen readers for the group; the eye sees a rule between groups. */
  label: string;
  links: MenuLink[];
}

/**
 * The user menu of the specs (events.md §2), grouped: who I am, what I attend, what I organise.
 * Three of the specs' entries are not repeated here because the header always shows them: messages
 * and appointments (the header's links on a desktop, the tab bar on a phone) and notifications (the
 * bell). The public page of one's events is linked from My profile, beside the person it shows.
 * tests/e2e/header-walk.test.ts opens every link that is left.
 */
export function menuGroups(): MenuGroup[] {
  return [
    {
      label: 'nav.groups.me',
      links: [
        { path: '/profile', label: 'nav.profile' },
        { path: '/profile/settings', label: 'nav.settings' },
      ],
    },
    {
      label: 'nav.groups.attend',
      links: [
        { path: '/profile/myevents', label: 'nav.myEvents' },
        { path: '/events/favorites', label: 'nav.favorites' },
        { path: '/profile/mytickets', label: 'nav.tickets' },
        { path: '/contacts', label: 'nav.contacts' },
        { path: '/profile/calendar', label: 'nav.calendar' },
        { path: '/referrers', label: 'nav.referrals' },
      ],
    },
    {
      label: 'nav.groups.organise',
      links: [
        { path: '/admin/events', label: 'nav.admin' },
        { path: '/admin/events/new', label: 'nav.addEvent' },
        { path: '/checkin', label: 'nav.door' },
      ],
    },
  ];
}

/** Every link of the menu, in order. */
export function menuLinks(): MenuLink[] {
  return menuGroups().flatMap((g) => g.links);
}

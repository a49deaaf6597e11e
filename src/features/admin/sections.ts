/**
 * The sections of one event in the admin area, in the order of its navigation. Each is a child
 * route of /{locale}/admin/events/:eventId (src/app/router.tsx) and a key under admin.nav.
 * "Tickets and orders" opens on the ticket types; its orders are the child route `orders`, reached
 * from the sales sub-navigation (src/features/admin/tickets/SalesSection.tsx).
 */
export const ADMIN_SECTIONS = [
  { path: '', key: 'details' },
  { path: 'overview', key: 'overview' },
  { path: 'schedule', key: 'schedule' },
  { path: 'meetings', key: 'meetings' },
  { path: 'stands', key: 'stands' },
  { path: 'people', key: 'people' },
  { path: 'tickets', key: 'tickets' },
] as const;

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];

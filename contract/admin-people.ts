import { Type, type Static } from '@sinclair/typebox';
import type { OrderState, PaymentMethod } from './sales.ts';
import { LiteralUnion } from './schema.ts';

/**
 * The organisers' People and Overview (issue 14, slice 6): who takes part in an event, with their
 * tickets, door check-in and meetings, searchable, filterable and exported as CSV; invitations by
 * email (an invitation link signs the person up); and the event's numbers. Both are read over
 * HTTP by organisers and kept on their devices as the last answer (sync/views/admin/on-device.ts), since
 * they are made from rows no device holds; invitations are commands like every admin write.
 */

/** What an invitation makes of the person: a participant, or a member of the team. */
export const INVITE_ROLES = ['attendee', 'organizer', 'moderator', 'door'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/**
 * Every role given by email is an invitation (server/domain/organisers/invitations.ts): the People
 * page's, the team section's, the door staff of the check-in API and a stand's members. `stand`
 * makes the person a member of one stand.
 */
export const INVITATION_ROLES = [...INVITE_ROLES, 'stand'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * Budgets of the invitation mails, counted in the shared limiter store (Redis with several
 * instances). Every invitation is a mail from Foyer's own sender to an address somebody typed, so
 * each sender, each event and each mailbox has one: a team of organisers inviting their staff and
 * guests one by one stays far below them, a script filling one inbox does not.
 */
export const INVITATION_LIMITS = {
  sender: { points: 50, windowMs: 3600_000 },
  event: { points: 200, windowMs: 3600_000 },
  recipient: { points: 5, windowMs: 24 * 3600_000 },
} as const;

/** What the page an invitation link opens shows before the person accepts it. */
export interface InvitationPreview {
  event_id: number;
  event_name: string;
  role: InvitationRole;
  /** The address it was sent to: only an account with this address can accept it. */
  email: string;
  /** The stand's name for a stand member's invitation, else ''. */
  stand_name: string;
  /** The stand's id for a stand member's invitation, else 0. */
  stand_id: number;
}

/** What accepting an invitation gave: where its page leads next. */
export interface InvitationAccepted {
  event_id: number;
  role: InvitationRole;
  /** The stand's id for a stand member's invitation, else 0. */
  stand_id: number;
}

export const PeopleInvitePayload = Type.Object(
  {
    event_id: Type.Integer({ minimum: 1 }),
    email: Type.String({ minLength: 3, maxLength: 254 }),
    role: LiteralUnion(INVITE_ROLES),
  },
  { additionalProperties: false },
);
export type PeopleInvitePayload = Static<typeof PeopleInvitePayload>;
/** Withdraws the pending invitations of an address (a typo, a change of mind). */
export const PeopleInviteRemovePayload = Type.Object(
  { event_id: Type.Integer({ minimum: 1 }), email: Type.String({ minLength: 3, maxLength: 254 }) },
  { additionalProperties: false },
);
export type PeopleInviteRemovePayload = Static<typeof PeopleInviteRemovePayload>;

/** One person of an event as GET /api/admin/events/:id/people answers it. */
export interface AdminPerson {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  position: string;
  /** The participant role of the specs (visitor, speaker, sponsor…). */
  role: string;
  /** The visitor category's name, or ''. */
  category: string;
  tickets: { type: string; status: 'valid' | 'cancelled' | 'invalid' }[];
  /** Registered as going (the specs' check-in), unix seconds, 0 when not. */
  registered_at: number;
  /** Admitted at the door (the head count), unix seconds of the first admission, 0 when not. */
  door_at: number;
  /** Meetings requested or agreed at the event, theirs either way. */
  meetings: number;
  /** Team roles: organizer, moderator, door. */
  team: string[];
}

export interface AdminInvitation {
  email: string;
  role: InvitationRole;
  /** The stand's name for a stand member's invitation, else ''. */
  stand_name: string;
  /** Unix seconds. */
  invited_at: number;
  expires_at: number;
}

export interface AdminPeople {
  people: AdminPerson[];
  invitations: AdminInvitation[];
}

/** A count per day (YYYY-MM-DD in the event's timezone) or per hour ('YYYY-MM-DDTHH'). */
export interface Series {
  at: string;
  n: number;
}

/** The event's numbers as GET /api/admin/events/:id/overview answers them. */
export interface AdminOverview {
  registrations: { people: number; tickets: number; by_day: Series[] };
  /** The door head count (each ticket once) and when they came. */
  checkins: { admitted: number; tickets: number; by_hour: Series[] };
  meetings: { requested: number; agreed: number; held: number; declined: number; by_day: Series[] };
  chat: { comments: number; people: number; last_day: number; by_day: Series[] };
  /** People with the event's chat or stage open now (written every few seconds by the sockets). */
  online: number;
  sales: SalesFigures;
  timezone: string;
}

/** One ticket type's sales: tickets of paid, pending and refunded orders, and what the paid ones brought. */
export interface TypeSales {
  type_id: number;
  name: string;
  /** null: as many as are asked for. */
  quota: number | null;
  sold: number;
  /** Held by orders that wait for payment. */
  pending: number;
  refunded: number;
  revenue: number;
}

/**
 * The event's ticket sales for its organisers (issue 30): money in the event's currency, counted
 * from the orders themselves. Revenue is what paid orders hold now; an order refunded later leaves
 * revenue and shows under refunded. Days are the days orders were paid, in the event's timezone.
 */
export interface SalesFigures {
  currency: string;
  revenue: number;
  /** What orders waiting for payment would bring. */
  pending: number;
  refunded: number;
  orders: Record<OrderState, number>;
  by_type: TypeSales[];
  by_method: { method: PaymentMethod; orders: number; revenue: number }[];
  /** Tickets of paid orders per day they were paid. */
  tickets_by_day: Series[];
  /** Revenue per day orders were paid. */
  revenue_by_day: Series[];
}

export type PeopleFilter = {
  q: string;
  /** '' for any ticket type; '-' for people without a ticket. */
  ticket: string;
  door: 'any' | 'yes' | 'no';
  meetings: 'any' | 'yes' | 'no';
};

export const NO_PEOPLE_FILTER: PeopleFilter = { q: '', ticket: '', door: 'any', meetings: 'any' };

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The people a filter keeps, in the list's order. */
export function filterPeople(people: readonly AdminPerson[], f: PeopleFilter): AdminPerson[] {
  const words = fold(f.q).split(/\s+/).filter(Boolean);
  return people.filter((p) => {
    if (f.ticket === '-' && p.tickets.length > 0) return false;
    if (f.ticket && f.ticket !== '-' && !p.tickets.some((t) => t.type === f.ticket)) return false;
    if (f.door !== 'any' && p.door_at > 0 !== (f.door === 'yes')) return false;
    if (f.meetings !== 'any' && p.meetings > 0 !== (f.meetings === 'yes')) return false;
    if (words.length === 0) return true;
    const text = fold([p.first_name, p.last_name, p.email, p.company, p.position, p.category].join(' '));
    return words.every((w) => text.includes(w));
  });
}

/** The ticket types present, for the filter's choices. */
export function ticketTypes(people: readonly AdminPerson[]): string[] {
  return [...new Set(people.flatMap((p) => p.tickets.map((t) => t.type)))].sort((a, b) => a.localeCompare(b));
}

/**
 * One CSV field: quoted when it must be, and a text a spreadsheet would run as a formula (=, +, -,
 * @, a tab or a return first) is kept as text by a leading apostrophe (OWASP CSV injection).
 */
export function csvField(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  // CRLF as RFC 4180 says; a BOM so spreadsheets read UTF-8 names right.
  return `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * A series with the days (or hours) nobody did anything filled in as 0, so a chart's bars stand
 * for equal stretches of time. At most `max` points, the latest kept.
 */
export function filledSeries(series: readonly Series[], max = 120): Series[] {
  const first = series[0];
  const final = series.at(-1);
  if (series.length < 2 || !first || !final) return [...series];
  const hourly = first.at.includes('T');
  const toMs = (at: string) => Date.parse(hourly ? `${at}:00:00Z` : `${at}T00:00:00Z`);
  const step = hourly ? 3_600_000 : 86_400_000;
  const counts = new Map(series.map((s) => [s.at, s.n]));
  const out: Series[] = [];
  const last = toMs(final.at);
  for (let t = Math.max(toMs(first.at), last - (max - 1) * step); t <= last; t += step) {
    const at = new Date(t).toISOString().slice(0, hourly ? 13 : 10);
    out.push({ at, n: counts.get(at) ?? 0 });
  }
  return out;
}

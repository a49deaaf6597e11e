import { avatarUrl } from '../../../contract/avatars.ts';
import { ageOf, SOCIAL_NETWORKS, type SocialLinks, type VisitorDoc } from '../../../contract/visitors.ts';
import { toUnix } from '../../db/tx.ts';
import type { VisitorRow } from './repository.ts';

/**
 * Visitor rows as they leave the server: the replicated `visitors` document (and its tombstone) and
 * the legacy User/visitor entity of networking.md §3.
 */

/** Only the known networks, only non-empty strings: stored JSON may carry anything. */
export function socialOf(value: unknown): SocialLinks {
  const obj = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  const out: SocialLinks = {};
  if (!obj || typeof obj !== 'object') return out;
  for (const key of SOCIAL_NETWORKS) {
    const v = (obj as Record<string, unknown>)[key];
    if (typeof v === 'string' && v) out[key] = v;
  }
  return out;
}

export function interestsOf(hobby: string): number[] {
  return hobby
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 7);
}

export function visitorDocId(eventId: number, userId: number): string {
  return `${eventId}:${userId}`;
}

/** A document devices must drop: the key and the rev, no personal data. */
export function visitorTombstone(eventId: number, userId: number, rev: number): VisitorDoc & { deleted: true } {
  return {
    id: visitorDocId(eventId, userId),
    event_id: eventId,
    user_id: userId,
    first_name: '',
    last_name: '',
    avatar: '',
    country_code: '',
    country_name: '',
    city_id: 0,
    city_name: '',
    position: '',
    company: '',
    help: '',
    status: '',
    show_status: 0,
    trip_status: 0,
    hobby: '',
    sex: 0,
    birth_year: 0,
    social: {},
    phone: '',
    email: '',
    menu_id: 0,
    role: '',
    about: '',
    interest: '',
    accesses_by_tickets: false,
    registered_at: 0,
    rev,
    deleted: true,
  };
}

/** What a person says about themselves, the same in the document and the legacy entity. */
function aboutFields(r: VisitorRow) {
  return { position: r.position, company: r.company, help: r.help, status: r.status, show_status: r.show_status, trip_status: r.trip_status, hobby: r.hobby };
}

export function toVisitorDoc(eventId: number, r: VisitorRow): VisitorDoc & { deleted: boolean } {
  if (!r.shown) return visitorTombstone(eventId, r.id, r.rev);
  return {
    id: visitorDocId(eventId, r.id),
    event_id: eventId,
    user_id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    avatar: avatarUrl(r.id, r.avatar),
    country_code: r.country_code.trim(),
    country_name: r.country_name,
    city_id: r.city_id,
    city_name: r.city_name,
    ...aboutFields(r),
    sex: r.sex,
    birth_year: r.birth_year,
    social: socialOf(r.social),
    phone: r.phone,
    email: r.email,
    menu_id: r.menu_id ?? 0,
    role: r.role,
    about: r.about,
    interest: r.interest,
    accesses_by_tickets: r.has_ticket,
    registered_at: toUnix(r.registered_at),
    rev: r.rev,
    deleted: false,
  };
}

export interface EventInfo {
  id: number;
  name: string;
  menu: Map<number, string>;
}

export interface AppointmentInfo {
  id: number;
  event_id: number;
  from_user_id: number;
  to_user_id: number;
  date: string;
  time_start: number;
  time_end: number;
  any_time: boolean;
  response: number | null;
  comment: string;
  response_msg: string;
  where: string;
  where_type: number | null;
  table_num: number | null;
  place: number | null;
}

/**
 * The User/visitor entity of networking.md §3 as the legacy calls answer it. `event` is the event
 * the row is about (the listed event, or the person's next event on the people card).
 */
export function toLegacyVisitor(r: VisitorRow, ctx: { event: EventInfo | null; appointment: AppointmentInfo | null; currentYear: number }) {
  const avatar = avatarUrl(r.id, r.avatar);
  const menuName = r.menu_id !== null && ctx.event ? (ctx.event.menu.get(r.menu_id) ?? '') : '';
  return {
    id: r.id,
    user_id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    name: `${r.first_name} ${r.last_name}`.trim(),
    avatar,
    avatar_url: avatar,
    country_code: r.country_code.trim(),
    country_name: r.country_name,
    city: r.city_name,
    city_name: r.city_name,
    city_id: r.city_id,
    phone: r.phone,
    email: r.email,
    ...aboutFields(r),
    interests: interestsOf(r.hobby),
    sex: r.sex || null,
    age: ageOf(r.birth_year, ctx.currentYear),
    social: socialOf(r.social),
    role: ctx.event ? r.role : null,
    menu_id: ctx.event ? (r.menu_id ?? 0) : 0,
    menu_name: menuName,
    registered_at: toUnix(r.registered_at),
    like: r.like_status,
    like_status: r.like_status,
    favorite: r.favorite,
    is_friend: r.is_friend,
    appointment: ctx.appointment,
    event_checkin: ctx.event
      ? { event_id: ctx.event.id, event_name: ctx.event.name, about: r.about, interest: r.interest, accesses_by_tickets: r.has_ticket }
      : null,
  };
}
export type LegacyVisitor = ReturnType<typeof toLegacyVisitor>;

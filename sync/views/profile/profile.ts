import { cleanName } from '../../../contract/names.ts';
import { NOTIFY_EMAIL_KINDS, type NotifyEmailKind } from '../../../contract/accounts.ts';
import { PROFILE_LIMITS, SOCIAL_NETWORKS, STATUS_TYPE_VALUES, type ProfilePatch, type SocialLinks, type VisitorDoc } from '../../../contract/visitors.ts';
import { looseInt as int, looseObject as obj, looseString as str } from '../../store/caches.ts';
import { isInFlight, type QueuedCommand } from '../../store/overlay.ts';
import { toPersonBasics } from '../people/people.ts';

const bool = (v: unknown): boolean => v === true;

/**
 * The user's own profile as the screens show it: the last answer of profile/lite (or, before
 * there is one, the user's own visitors document) with the queued profile.update commands applied
 * on top, the way the server would apply them. Pure, so the overlay and the fold after the server
 * applied a command give the same result.
 */

export interface OwnProfile {
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string;
  country_code: string;
  country_name: string;
  city_id: number;
  city_name: string;
  phone: string;
  email: string;
  position: string;
  company: string;
  /** "I'm looking for". */
  help: string;
  /** "About me". */
  status: string;
  show_status: number;
  trip_status: number;
  hobby: string;
  sex: number;
  birth_year: number;
  social: SocialLinks;
  show_email: boolean;
  hide_phone: boolean;
  hide_trip_plan: boolean;
  hide_from_visitors: boolean;
  /** Gender and age shown to others. */
  show_personal: boolean;
  /** The interface language chosen in settings; '' leaves it to the device. */
  locale: string;
  /** Which notices also come by email (contract/accounts.ts); a kind left out is on. */
  notify_email: Partial<Record<NotifyEmailKind, boolean>>;
  /** Which notices also come as a push to the subscribed browsers; a kind left out is on. */
  notify_push: Partial<Record<NotifyEmailKind, boolean>>;
  /** False until the sign-up address is verified; true for a server that does not say. */
  email_verified: boolean;
}

/** A show_status label of profile/getStatusTypes, in one language. */
export interface StatusType {
  value: number;
  label: string;
}

export function toSocial(v: unknown): SocialLinks {
  const o = obj(v);
  const out: SocialLinks = {};
  for (const key of SOCIAL_NETWORKS) if (typeof o[key] === 'string' && o[key]) out[key] = o[key] as string;
  return out;
}

export function toOwnProfile(data: unknown): OwnProfile {
  const d = obj(data);
  return {
    ...toPersonBasics(d),
    country_name: str(d.country_name),
    city_id: int(d.city_id),
    phone: str(d.phone),
    email: str(d.email),
    show_status: int(d.show_status),
    hobby: str(d.hobby),
    sex: int(d.sex),
    birth_year: int(d.birth_year),
    social: toSocial(d.social),
    show_email: bool(d.show_email),
    hide_phone: bool(d.hide_phone),
    hide_trip_plan: bool(d.hide_trip_plan),
    hide_from_visitors: bool(d.hide_from_visitors),
    show_personal: bool(d.show_personal),
    locale: str(d.locale),
    notify_email: toNotify(d.notify_email),
    notify_push: toNotify(d.notify_push),
    email_verified: d.email_verified !== false,
  };
}

function toNotify(v: unknown): Partial<Record<NotifyEmailKind, boolean>> {
  const o = obj(v);
  const out: Partial<Record<NotifyEmailKind, boolean>> = {};
  for (const kind of NOTIFY_EMAIL_KINDS) if (typeof o[kind] === 'boolean') out[kind] = o[kind] as boolean;
  return out;
}

/** GET /profile/getStatusTypes answers {value: label}; the screens list them in value order. */
export function toStatusTypes(data: unknown): StatusType[] {
  return Object.entries(obj(data))
    .map(([value, label]) => ({ value: Number(value), label: str(label) }))
    .filter((t) => Number.isInteger(t.value) && t.label)
    .sort((a, b) => a.value - b.value);
}

/** What a visitors document says about its own user; the privacy switches are not in it. */
export function profileFromVisitor(doc: VisitorDoc): OwnProfile {
  return {
    user_id: doc.user_id,
    first_name: doc.first_name,
    last_name: doc.last_name,
    avatar: doc.avatar,
    country_code: doc.country_code,
    country_name: doc.country_name,
    city_id: doc.city_id,
    city_name: doc.city_name,
    phone: doc.phone,
    email: doc.email,
    position: doc.position,
    company: doc.company,
    help: doc.help,
    status: doc.status,
    show_status: doc.show_status,
    trip_status: doc.trip_status,
    hobby: doc.hobby,
    sex: doc.sex,
    birth_year: doc.birth_year,
    social: doc.social,
    show_email: false,
    hide_phone: false,
    hide_trip_plan: false,
    hide_from_visitors: false,
    show_personal: false,
    locale: '',
    notify_email: {},
    notify_push: {},
    email_verified: true,
  };
}

function hobbyText(value: number[] | string): string {
  const ids = Array.isArray(value) ? value : value.split(',').filter(Boolean).map(Number);
  return [...new Set(ids.filter((n) => Number.isInteger(n) && n >= 1 && n <= 7))].sort((a, b) => a - b).join(',');
}

const trimmed = (v: string, max: number) => v.trim().slice(0, max);

/**
 * One patch applied as the server's profile service does: texts trimmed, names cleaned
 * (contract/names.ts), show_status 0 or null becoming the first status type, social links merged
 * (an empty value removes one). A city or country change keeps the ids the patch names; their
 * names arrive with the next answer.
 */
export function applyProfilePatch(base: OwnProfile, patch: ProfilePatch): OwnProfile {
  const p = { ...base };
  if (patch.first_name !== undefined) p.first_name = cleanName(patch.first_name).slice(0, PROFILE_LIMITS.name);
  if (patch.last_name !== undefined) p.last_name = cleanName(patch.last_name).slice(0, PROFILE_LIMITS.name);
  if (patch.phone !== undefined) p.phone = trimmed(patch.phone, PROFILE_LIMITS.phone);
  if (patch.position !== undefined) p.position = trimmed(patch.position, PROFILE_LIMITS.position);
  if (patch.company !== undefined) p.company = trimmed(patch.company, PROFILE_LIMITS.company);
  if (patch.help !== undefined) p.help = trimmed(patch.help, PROFILE_LIMITS.about);
  if (patch.status !== undefined) p.status = trimmed(patch.status, PROFILE_LIMITS.about);
  if (patch.show_status !== undefined) {
    const v = patch.show_status;
    p.show_status = v === null || v === 0 || !(STATUS_TYPE_VALUES as readonly number[]).includes(v) ? STATUS_TYPE_VALUES[0] : v;
  }
  if (patch.trip_status !== undefined) p.trip_status = patch.trip_status;
  if (patch.hobby !== undefined) p.hobby = hobbyText(patch.hobby);
  if (patch.sex !== undefined) p.sex = patch.sex ?? 0;
  if (patch.birth_year !== undefined) p.birth_year = patch.birth_year ?? 0;
  if (patch.social !== undefined) {
    const social = { ...p.social };
    for (const [key, value] of Object.entries(patch.social) as [keyof typeof social, string | undefined][]) {
      if (value === undefined) continue;
      const t = value.trim();
      if (t) social[key] = t;
      else delete social[key];
    }
    p.social = social;
  }
  if (patch.city_id !== undefined && patch.city_id !== p.city_id) {
    p.city_id = patch.city_id ?? 0;
    p.city_name = '';
  }
  if (patch.country_code !== undefined && (patch.country_code ?? '').toUpperCase() !== p.country_code) {
    p.country_code = (patch.country_code ?? '').toUpperCase();
    p.country_name = '';
  }
  if (patch.show_email !== undefined) p.show_email = patch.show_email;
  if (patch.hide_phone !== undefined) p.hide_phone = patch.hide_phone;
  if (patch.hide_trip_plan !== undefined) p.hide_trip_plan = patch.hide_trip_plan;
  if (patch.hide_from_visitors !== undefined) p.hide_from_visitors = patch.hide_from_visitors;
  if (patch.show_personal !== undefined) p.show_personal = patch.show_personal;
  if (patch.locale !== undefined) p.locale = patch.locale;
  if (patch.notify_email !== undefined) p.notify_email = { ...p.notify_email, ...patch.notify_email };
  if (patch.notify_push !== undefined) p.notify_push = { ...p.notify_push, ...patch.notify_push };
  return p;
}

export function profileCommands(commands: readonly QueuedCommand[]): QueuedCommand[] {
  return commands.filter((c) => c.kind === 'profile.update' && isInFlight(c)).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
}

/** The profile with every in-flight profile.update applied in order; `pending` while any waits. */
export function overlayProfile(base: OwnProfile, commands: readonly QueuedCommand[]): { profile: OwnProfile; pending: boolean } {
  let profile = base;
  let pending = false;
  for (const cmd of profileCommands(commands)) {
    profile = applyProfilePatch(profile, cmd.payload as ProfilePatch);
    if (cmd.status !== 'applied') pending = true;
  }
  return { profile, pending };
}

/** The fields of the visitor info form (networking.md §2 "Profile", §5). */
export interface VisitorInfoForm {
  company: string;
  position: string;
  /** "I'm looking for". */
  help: string;
  /** "About me". */
  status: string;
  show_status: number;
}

export type VisitorInfoErrors = Partial<Record<'position' | 'status' | 'help', 'position_required' | 'status_required' | 'help_required'>>;

/**
 * The form's rules, checked on blur and on save: position, about me (status) and looking for (help)
 * are required, company is optional. The message keys name the specs' texts.
 */
export function validateVisitorInfo(form: Pick<VisitorInfoForm, 'position' | 'status' | 'help'>): VisitorInfoErrors {
  const errors: VisitorInfoErrors = {};
  if (!form.position.trim()) errors.position = 'position_required';
  if (!form.status.trim()) errors.status = 'status_required';
  if (!form.help.trim()) errors.help = 'help_required';
  return errors;
}

/** show_status as the form shows it: the first status type when empty or not one of the types. */
export function effectiveShowStatus(value: number, types: readonly { value: number }[]): number {
  if (types.some((t) => t.value === value)) return value;
  return types[0]?.value ?? STATUS_TYPE_VALUES[0];
}

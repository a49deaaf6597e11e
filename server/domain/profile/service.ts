import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Updateable } from 'kysely';
import { DomainError } from '../../../contract/errors.ts';
import { checkName } from '../../../contract/names.ts';
import { INTEREST_MAX, PROFILE_LIMITS, ProfilePatch, SOCIAL_NETWORKS, STATUS_TYPE_VALUES } from '../../../contract/visitors.ts';
import type { Tx } from '../../db/tx.ts';
import type { UsersTable } from '../../db/types.ts';
import type { Effect } from '../effects.ts';
import { recountPeopleOf, touchEventsOf } from '../events/repository.ts';
import { socialOf } from '../visitors/documents.ts';
import { visitorDocIdsOf } from '../visitors/service.ts';
import { cityCountry, countryExists, currentCityCountry, profileState, updateUser } from './repository.ts';

/**
 * The user's own profile: the visitor info form, the contact form's phone and the privacy
 * switches (networking.md §2, §5), saved through profile/save and the profile.update command.
 *
 * - Only the fields of contract ProfilePatch can change; role, moderation, tickets, email and
 *   password are not among them. The payload is checked here as well as at the edge, so no entry
 *   point can skip it.
 * - A field left out keeps its value, so the contact form can save just the phone. A field that
 *   is sent is trimmed; position, status ("About me") and help ("I'm looking for") may not become
 *   empty (invalid_input with the field's name); company may. Names are cleaned of invisible and
 *   bidi characters first, and a first name, or a last name that is not empty, must then still
 *   hold a letter or a digit (invalid_name with the field's name).
 * - show_status 0 or null becomes the first status type, as the form does with an empty value.
 * - hobby is stored as sorted, distinct interest ids; social links merge into what is stored, an
 *   empty value removing that network.
 * - city_id must exist and brings its country along; a country_code that contradicts the city is
 *   invalid.
 * - Any change bumps users.rev (the trigger), which re-sends the person's visitor document in every
 *   event feed, and a privacy switch may turn it into a tombstone for others. Hiding, showing again
 *   or moving to another city or country also bumps the events the person takes part in, whose
 *   documents count visitors by city and country.
 */

const checkPatch = TypeCompiler.Compile(ProfilePatch);

function notifyOf(value: unknown): Record<string, boolean> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'boolean')) as Record<string, boolean>;
}

type UserUpdate = Updateable<UsersTable>;

function required(value: string, field: string): string {
  const v = value.trim();
  if (!v) throw new DomainError('invalid_input', field);
  return v;
}

function bounded(value: string, max: number, field: string): string {
  const v = value.trim();
  if (v.length > max) throw new DomainError('invalid_input', field);
  return v;
}

/** Names are cleaned of invisible and direction-changing characters (contract/names.ts) before the checks. */
function name(value: string, required: boolean, field: string): string {
  const checked = checkName(value, { required, max: PROFILE_LIMITS.name });
  if (!checked.ok) throw new DomainError(checked.code, field);
  return checked.value;
}

export function normalizeHobby(value: number[] | string): string {
  const ids = (Array.isArray(value) ? value : value.split(',').filter(Boolean).map(Number)).filter((n) => Number.isInteger(n) && n >= 1 && n <= INTEREST_MAX);
  return [...new Set(ids)].sort((a, b) => a - b).join(',');
}

/** The column changes a patch asks for, validated; lookups of cities and countries happen in updateProfile. */
export function profileChanges(patch: unknown, currentYear: number): UserUpdate {
  if (!checkPatch.Check(patch)) throw new DomainError('invalid_input', 'profile');
  const p = patch;
  const out: UserUpdate = {};
  if (p.first_name !== undefined) out.first_name = name(p.first_name, true, 'first_name');
  if (p.last_name !== undefined) out.last_name = name(p.last_name, false, 'last_name');
  if (p.phone !== undefined) out.phone = bounded(p.phone, PROFILE_LIMITS.phone, 'phone');
  if (p.position !== undefined) out.position = bounded(required(p.position, 'position'), PROFILE_LIMITS.position, 'position');
  if (p.company !== undefined) out.company = bounded(p.company, PROFILE_LIMITS.company, 'company');
  if (p.status !== undefined) out.status = bounded(required(p.status, 'status'), PROFILE_LIMITS.about, 'status');
  if (p.help !== undefined) out.help = bounded(required(p.help, 'help'), PROFILE_LIMITS.about, 'help');
  if (p.show_status !== undefined) {
    const v = p.show_status;
    if (v === null || v === 0) out.show_status = STATUS_TYPE_VALUES[0];
    else if ((STATUS_TYPE_VALUES as readonly number[]).includes(v)) out.show_status = v;
    else throw new DomainError('invalid_input', 'show_status');
  }
  if (p.trip_status !== undefined) out.trip_status = p.trip_status;
  if (p.hobby !== undefined) out.hobby = normalizeHobby(p.hobby);
  if (p.sex !== undefined) out.sex = p.sex;
  if (p.birth_year !== undefined) {
    if (p.birth_year !== null && p.birth_year > currentYear) throw new DomainError('invalid_input', 'birth_year');
    out.birth_year = p.birth_year;
  }
  if (p.show_email !== undefined) out.show_email = p.show_email;
  if (p.show_personal !== undefined) out.show_personal = p.show_personal;
  if (p.hide_phone !== undefined) out.hide_phone = p.hide_phone;
  if (p.hide_trip_plan !== undefined) out.hide_trip_plan = p.hide_trip_plan;
  if (p.hide_from_visitors !== undefined) out.hide_from_visitors = p.hide_from_visitors;
  if (p.locale !== undefined) out.locale = p.locale;
  return out;
}

export async function updateProfile(trx: Tx, userId: number, patch: unknown, now = new Date()): Promise<Effect> {
  const changes = profileChanges(patch, now.getUTCFullYear());
  const p = patch as ProfilePatch;
  const user = await profileState(trx, userId);
  if (!user || user.deleted || user.disabled) throw new DomainError('not_found', 'user');

  if (p.city_id !== undefined && p.city_id !== null) {
    const country = await cityCountry(trx, p.city_id);
    if (!country) throw new DomainError('invalid_input', 'city_id');
    if (p.country_code && p.country_code.toUpperCase() !== country) throw new DomainError('invalid_input', 'country_code');
    changes.city_id = p.city_id;
    changes.country_code = country;
  } else {
    if (p.city_id === null) changes.city_id = null;
    if (p.country_code !== undefined) {
      if (p.country_code === null) changes.country_code = null;
      else {
        const code = p.country_code.toUpperCase();
        if (!(await countryExists(trx, code))) throw new DomainError('invalid_input', 'country_code');
        changes.country_code = code;
        // A city of another country would contradict the new country.
        if (p.city_id === undefined) {
          const current = await currentCityCountry(trx, userId);
          if (current && current !== code) changes.city_id = null;
        }
      }
    }
  }

  if (p.social !== undefined) {
    const merged: Record<string, string> = { ...socialOf(user.social) };
    for (const key of SOCIAL_NETWORKS) {
      const v = p.social[key];
      if (v === undefined) continue;
      const t = v.trim();
      if (t) merged[key] = t;
      else delete merged[key];
    }
    changes.social = JSON.stringify(merged);
  }

  if (p.notify_email !== undefined) {
    // Merged like social links: a form that saves one switch leaves the others as they are.
    changes.notify_email = JSON.stringify({ ...notifyOf(user.notify_email), ...p.notify_email });
  }
  if (p.notify_push !== undefined) changes.notify_push = JSON.stringify({ ...notifyOf(user.notify_push), ...p.notify_push });

  if (Object.keys(changes).length === 0) return { ids: [], collections: [], userIds: [userId] };
  await updateUser(trx, userId, changes);
  const collections = ['visitors'];
  const moved =
    (changes.city_id !== undefined && changes.city_id !== user.city_id) || (changes.country_code !== undefined && changes.country_code !== user.country_code);
  const hid = changes.hide_from_visitors !== undefined && changes.hide_from_visitors !== user.hide_from_visitors;
  if (moved || hid) {
    // Event documents count their visitors by city and country, leaving out people who hide
    // (events/repository visitors_cities, visitors_countries). Those counts just changed for every
    // event the user takes part in, so those documents need new revs; the trigger gives them one.
    // The counts are kept, not computed per read, so they are recounted here first.
    await recountPeopleOf(trx, userId);
    if ((await touchEventsOf(trx, userId)) > 0) collections.push('events');
  }
  return { ids: await visitorDocIdsOf(trx, userId), collections, userIds: [userId], accountsChanged: [userId] };
}

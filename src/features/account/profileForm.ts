import { checkName } from '../../../contract/names.ts';
import { PROFILE_LIMITS, SOCIAL_NETWORKS, type SocialLinks } from '../../../contract/visitors.ts';
import type { OwnProfile, ProfilePatch } from '../../data/index.ts';

/**
 * The settings page's personal fields as the form holds them (text for every input), the checks
 * it makes before queueing, and the patch of what changed. Pure, so it is tested without a page.
 */

export interface PersonalValues {
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  position: string;
  status: string;
  help: string;
  sex: '' | '1' | '2';
  birth_year: string;
  hobby: number[];
  social: SocialLinks;
}

export type PersonalField = 'first_name' | 'last_name' | 'phone' | 'position' | 'status' | 'help' | 'birth_year';
/** Translation keys of the refusals, under `account.profile.errors`. */
export type PersonalErrors = Partial<Record<PersonalField, 'first_name' | 'name' | 'phone' | 'position' | 'status' | 'help' | 'birth_year'>>;

export function personalValues(p: OwnProfile): PersonalValues {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    phone: p.phone,
    company: p.company,
    position: p.position,
    status: p.status,
    help: p.help,
    sex: p.sex === 1 ? '1' : p.sex === 2 ? '2' : '',
    birth_year: p.birth_year ? String(p.birth_year) : '',
    hobby: p.hobby.split(',').filter(Boolean).map(Number),
    social: { ...p.social },
  };
}

const PHONE = /^[0-9+()\-. ]*$/;

/** The same rules as the profile service: a refused save would otherwise come back as a rejection later. */
export function checkPersonal(v: PersonalValues, before: OwnProfile, year = new Date().getFullYear()): PersonalErrors {
  const out: PersonalErrors = {};
  if (!checkName(v.first_name, { required: true, max: PROFILE_LIMITS.name }).ok) out.first_name = 'first_name';
  if (!checkName(v.last_name, { required: false, max: PROFILE_LIMITS.name }).ok) out.last_name = 'name';
  if (!PHONE.test(v.phone) || v.phone.length > PROFILE_LIMITS.phone) out.phone = 'phone';
  // Required once set: the visitor info form's rule (networking.md §5); an empty one may stay empty.
  if (!v.position.trim() && before.position) out.position = 'position';
  if (!v.status.trim() && before.status) out.status = 'status';
  if (!v.help.trim() && before.help) out.help = 'help';
  if (v.birth_year !== '') {
    const n = Number(v.birth_year);
    if (!Number.isInteger(n) || n < 1900 || n > year) out.birth_year = 'birth_year';
  }
  return out;
}

export function personalPatch(v: PersonalValues, before: OwnProfile): ProfilePatch {
  const patch: ProfilePatch = {};
  const text = (key: 'first_name' | 'last_name' | 'phone' | 'company' | 'position' | 'status' | 'help') => {
    if (v[key].trim() !== before[key]) patch[key] = v[key];
  };
  for (const key of ['first_name', 'last_name', 'phone', 'company', 'position', 'status', 'help'] as const) text(key);
  const sex = v.sex === '' ? null : (Number(v.sex) as 1 | 2);
  if ((sex ?? 0) !== before.sex) patch.sex = sex;
  const birth = v.birth_year === '' ? null : Number(v.birth_year);
  if ((birth ?? 0) !== before.birth_year) patch.birth_year = birth;
  const hobby = [...new Set(v.hobby)].sort((a, b) => a - b);
  if (hobby.join(',') !== before.hobby) patch.hobby = hobby;
  const social: SocialLinks = {};
  for (const key of SOCIAL_NETWORKS) {
    const now = (v.social[key] ?? '').trim();
    if (now !== (before.social[key] ?? '')) social[key] = now;
  }
  if (Object.keys(social).length) patch.social = social;
  return patch;
}

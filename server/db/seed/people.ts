import { ACCOUNT_PROFILES, CITIES, DEMO_EMAIL_DOMAIN, DEMO_ACCOUNTS, type DemoAccount } from './demo-data.ts';
import type { UserPlan } from './plan.ts';
import type { Rng } from './random.ts';
import { DAY_MS, HOUR_MS } from './time.ts';
import { ABOUT, COMPANIES, HELP, NAMES, POSITIONS } from './vocabulary.ts';

/** Roughly the audience of a Kyiv-based platform with a growing Central European crowd. */
const COUNTRY_WEIGHTS = [
  ['UA', 45],
  ['PL', 20],
  ['US', 10],
  ['GB', 9],
  ['DE', 9],
  ['CZ', 7],
] as const;

/** Email-safe ASCII: Polish, Czech and German letters lose their marks, ł and ß get spelled out. */
export function slug(text: string, sep = '.'): string {
  return text
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, sep)
    .replace(new RegExp(`^\\${sep}+|\\${sep}+$`, 'g'), '');
}

function digits(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(rng.int(0, 9));
  return s;
}

function phone(rng: Rng, country: string): string {
  switch (country) {
    case 'UA':
      return `+380 ${rng.pick(['50', '63', '66', '67', '68', '73', '93', '96', '97', '99'])} ${digits(rng, 3)} ${digits(rng, 2)} ${digits(rng, 2)}`;
    case 'PL':
      return `+48 ${rng.int(5, 8)}${digits(rng, 2)} ${digits(rng, 3)} ${digits(rng, 3)}`;
    case 'DE':
      return `+49 15${rng.int(1, 7)} ${digits(rng, 7)}`;
    case 'CZ':
      return `+420 ${rng.int(6, 7)}${digits(rng, 2)} ${digits(rng, 3)} ${digits(rng, 3)}`;
    case 'GB':
      return `+44 7${digits(rng, 3)} ${digits(rng, 6)}`;
    default:
      return `+1 (${rng.int(2, 9)}${digits(rng, 2)}) ${digits(rng, 3)}-${digits(rng, 4)}`;
  }
}

function social(rng: Rng, first: string, last: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (rng.chance(0.6)) out.linkedin = `${slug(first, '-')}-${slug(last, '-')}`;
  if (rng.chance(0.4)) out.facebook = `${slug(first)}.${slug(last)}`;
  if (rng.chance(0.25)) out.twitter = `${slug(first, '')}${slug(last, '').slice(0, 3)}`;
  if (rng.chance(0.3)) out.telegram = `${slug(first, '_')}_${slug(last, '_')}`;
  return out;
}

function hobby(rng: Rng): string {
  const ids = rng.sample(
    [1, 2, 3, 4, 5, 6, 7],
    rng.weighted([
      [0, 2],
      [1, 3],
      [2, 3],
      [3, 2],
    ] as const),
  );
  return ids.sort((a, b) => a - b).join(',');
}

/** `count` visitors with full profiles; emails are firstname.lastname.N@demo.test with N from 1. */
export function generateVisitors(rng: Rng, count: number, now: Date): UserPlan[] {
  const users: UserPlan[] = [];
  for (let i = 0; i < count; i++) {
    const country = rng.weighted(COUNTRY_WEIGHTS);
    const names = NAMES[country];
    if (!names) throw new Error(`seed: no names for country ${country}`);
    const sex = rng.chance(0.5) ? 1 : 2;
    const first = rng.pick(sex === 1 ? names.male : names.female);
    const last = rng.pick(names.surnames)[sex === 1 ? 0 : 1];
    const cities = CITIES.filter((c) => c.country_code === country);
    const [capital] = cities;
    if (!capital) throw new Error(`seed: no city for country ${country}`);
    // The capital draws most of a country's crowd.
    const city = rng.chance(0.55) ? capital : rng.pick(cities);
    const student = rng.chance(0.06);
    users.push({
      email: `${slug(first)}.${slug(last)}.${i + 1}@${DEMO_EMAIL_DOMAIN}`,
      first_name: first,
      last_name: last,
      country_code: country,
      city_id: city.id,
      phone: rng.chance(0.9) ? phone(rng, country) : '',
      position: student ? 'Student' : rng.pick(POSITIONS),
      company: student ? '' : rng.pick(COMPANIES),
      help: rng.chance(0.85) ? rng.pick(HELP) : '',
      status: rng.chance(0.85) ? rng.pick(ABOUT) : '',
      show_status: rng.chance(0.85) ? 1 : 2,
      trip_status: rng.weighted([
        [0, 60],
        [1, 10],
        [2, 10],
        [3, 10],
        [4, 10],
      ] as const),
      hobby: hobby(rng),
      sex,
      birth_year: student ? rng.int(2000, 2006) : rng.int(1962, 2001),
      social: social(rng, first, last),
      show_email: rng.chance(0.15),
      hide_phone: rng.chance(0.1),
      hide_trip_plan: rng.chance(0.06),
      hide_from_visitors: rng.chance(0.04),
      created_at: new Date(now.getTime() - rng.int(60, 900) * DAY_MS - rng.int(0, 23) * HOUR_MS),
      avatar: rng.chance(0.85),
    });
  }
  return users;
}

export function accountUser(account: DemoAccount, now: Date): UserPlan {
  const p = ACCOUNT_PROFILES[account];
  return {
    ...p,
    email: DEMO_ACCOUNTS[account],
    show_status: 1,
    trip_status: account === 'bohdan' ? 2 : 0,
    hobby: account === 'anna' ? '4,6,7' : account === 'bohdan' ? '1,3,4' : '',
    show_email: account === 'owner' || account === 'manager',
    hide_phone: account === 'olena',
    hide_trip_plan: false,
    hide_from_visitors: false,
    created_at: new Date(now.getTime() - 400 * DAY_MS),
    avatar: true,
  };
}

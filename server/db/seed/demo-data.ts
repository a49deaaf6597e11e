/**
 * The fixed part of the demo: reference data and the demo accounts (the events are in
 * demo-events.ts). Tests and e2e find the demo events by the names exported here (see
 * findDemoEvents in ./index.ts), never by id.
 */

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_EMAIL_DOMAIN = 'demo.test';

/** The in-person event running now; in scale mode the one big event carries the same name. */
export const DEMO_IN_PERSON_EVENT_NAME = 'Kyiv Tech & Startup Summit';
/** The online event running now. */
export const DEMO_ONLINE_EVENT_NAME = 'Product Management Online Forum';

export const DEMO_ACCOUNTS = {
  owner: 'owner@demo.test',
  anna: 'anna@demo.test',
  bohdan: 'bohdan@demo.test',
  olena: 'olena@demo.test',
  manager: 'manager@demo.test',
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export const COUNTRIES = [
  { code: 'UA', name: 'Ukraine' },
  { code: 'PL', name: 'Poland' },
  { code: 'DE', name: 'Germany' },
  { code: 'CZ', name: 'Czechia' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
];

/** Kyiv is 1 and Warsaw 2, as in tests/fixtures/factories.ts, so both can share a database. */
export const CITIES = [
  { id: 1, name: 'Kyiv', country_code: 'UA', lat: 50.4501, lng: 30.5234 },
  { id: 2, name: 'Warsaw', country_code: 'PL', lat: 52.2297, lng: 21.0122 },
  { id: 3, name: 'Lviv', country_code: 'UA', lat: 49.8397, lng: 24.0297 },
  { id: 4, name: 'Odesa', country_code: 'UA', lat: 46.4825, lng: 30.7233 },
  { id: 5, name: 'Kharkiv', country_code: 'UA', lat: 49.9935, lng: 36.2304 },
  { id: 6, name: 'Dnipro', country_code: 'UA', lat: 48.4647, lng: 35.0462 },
  { id: 7, name: 'Kraków', country_code: 'PL', lat: 50.0647, lng: 19.945 },
  { id: 8, name: 'Wrocław', country_code: 'PL', lat: 51.1079, lng: 17.0385 },
  { id: 9, name: 'Gdańsk', country_code: 'PL', lat: 54.352, lng: 18.6466 },
  { id: 10, name: 'Berlin', country_code: 'DE', lat: 52.52, lng: 13.405 },
  { id: 11, name: 'Munich', country_code: 'DE', lat: 48.1351, lng: 11.582 },
  { id: 12, name: 'Prague', country_code: 'CZ', lat: 50.0755, lng: 14.4378 },
  { id: 13, name: 'Brno', country_code: 'CZ', lat: 49.1951, lng: 16.6068 },
  { id: 14, name: 'London', country_code: 'GB', lat: 51.5072, lng: -0.1276 },
  { id: 15, name: 'Manchester', country_code: 'GB', lat: 53.4808, lng: -2.2426 },
  { id: 16, name: 'New York', country_code: 'US', lat: 40.7128, lng: -74.006 },
  { id: 17, name: 'San Francisco', country_code: 'US', lat: 37.7749, lng: -122.4194 },
];

/** IT and Business keep the ids tests/fixtures/factories.ts uses. */
export const CATEGORIES = [
  { id: 1, name: 'IT' },
  { id: 2, name: 'Business' },
  { id: 3, name: 'Marketing' },
  { id: 4, name: 'Design' },
  { id: 5, name: 'Medicine' },
  { id: 6, name: 'Education' },
];

export interface AccountProfile {
  first_name: string;
  last_name: string;
  sex: 1 | 2;
  birth_year: number;
  city_id: number;
  country_code: string;
  phone: string;
  position: string;
  company: string;
  help: string;
  status: string;
  social: Record<string, string>;
}

export const ACCOUNT_PROFILES: Record<DemoAccount, AccountProfile> = {
  owner: {
    first_name: 'Iryna',
    last_name: 'Bondarenko',
    sex: 2,
    birth_year: 1986,
    city_id: 1,
    country_code: 'UA',
    phone: '+380 67 210 45 18',
    position: 'Head of Events',
    company: 'Foyer Events',
    help: 'Speakers and partners for the next season',
    status: 'I organise tech and business conferences across Ukraine and Poland.',
    social: { linkedin: 'iryna-bondarenko', telegram: 'iryna_events' },
  },
  anna: {
    first_name: 'Anna',
    last_name: 'Kovalenko',
    sex: 2,
    birth_year: 1992,
    city_id: 1,
    country_code: 'UA',
    phone: '+380 50 318 72 44',
    position: 'Product Manager',
    company: 'Lumen Labs',
    help: 'Product people to swap notes on onboarding and retention',
    status: 'PM at a B2B analytics startup; previously a frontend developer.',
    social: { linkedin: 'anna-kovalenko', facebook: 'anna.kovalenko', twitter: 'annakov' },
  },
  bohdan: {
    first_name: 'Bohdan',
    last_name: 'Shevchenko',
    sex: 1,
    birth_year: 1989,
    city_id: 3,
    country_code: 'UA',
    phone: '+380 63 457 90 12',
    position: 'Backend Developer',
    company: 'Karpaty Soft',
    help: 'A team that needs a Go engineer with payments experience',
    status: 'Backend developer from Lviv. Payments, queues and the occasional hike.',
    social: { linkedin: 'bohdan-shevchenko', telegram: 'bohdan_dev' },
  },
  olena: {
    first_name: 'Olena',
    last_name: 'Melnyk',
    sex: 2,
    birth_year: 1995,
    city_id: 4,
    country_code: 'UA',
    phone: '+380 93 602 17 85',
    position: 'UX Designer',
    company: 'Pixel Orchard',
    help: 'Events about accessible design',
    status: 'Designer from Odesa, new to the conference scene.',
    social: { facebook: 'olena.melnyk' },
  },
  manager: {
    first_name: 'Marek',
    last_name: 'Nowak',
    sex: 1,
    birth_year: 1984,
    city_id: 2,
    country_code: 'PL',
    phone: '+48 601 234 567',
    position: 'Sales Director',
    company: 'Vistula Data',
    help: 'Retail and logistics companies that need a data platform',
    status: 'Runs sales for Vistula Data in Central Europe.',
    social: { linkedin: 'marek-nowak' },
  },
};

/** Companies that organise events (companies.event_id is null for them). */
export const ORGANISERS = [
  {
    name: 'Foyer Events',
    description: 'Conferences and meetups for the tech community since 2014.',
    phone: '+380 44 390 12 12',
    email: 'hello@foyer-events.example',
  },
  {
    name: 'Lviv Marketing Club',
    description: 'A community of marketers from Western Ukraine.',
    phone: '+380 32 245 11 00',
    email: 'club@lvivmarketing.example',
  },
  {
    name: 'Design Week Foundation',
    description: 'A non-profit that runs design festivals in Poland.',
    phone: '+48 22 100 20 30',
    email: 'office@designweek.example',
  },
  {
    name: 'MedTech Europe Network',
    description: 'Clinicians and engineers building medical technology together.',
    phone: '+49 30 555 01 20',
    email: 'info@medtech-network.example',
  },
  { name: 'Open Classroom', description: 'Online programmes for teachers and learning designers.', phone: '', email: 'team@openclassroom.example' },
  { name: 'Central European Fintech Association', description: '', phone: '+420 222 333 444', email: 'members@cefa.example' },
];

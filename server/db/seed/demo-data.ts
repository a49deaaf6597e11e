/**
 * The fixed part of the demo: reference data, the demo accounts and the events. Tests and e2e find
 * the demo events by the names exported here (see findDemoEvents in ./index.ts), never by id.
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

export type EventTiming =
  /** Hours relative to the current hour: keeps "running now" true whenever the seed runs. */
  | { kind: 'relative'; startHours: number; endHours: number }
  /** Whole venue days relative to today, open `from`–`to` on the venue's clock. */
  | { kind: 'days'; dayOffset: number; days: number; from: string; to: string };

export interface EventTemplate {
  name: string;
  categoryId: number;
  cityId: number | null;
  timezone: string;
  online: boolean;
  timing: EventTiming;
  currency: 'UAH' | 'USD' | 'RUB';
  /** 0 means free entry. */
  minPrice: number;
  placeName: string;
  placeAddress: string;
  description: string[];
  menu: string[];
  tracks: string[];
  organiser: number;
  participants: number;
  stands: number;
  comments: number;
  appointments: number;
  /** Audience mostly from these countries. */
  audience: string[];
}

const MENU = ['Investor', 'Startup', 'Developer', 'Marketing', 'Press'];

export const EVENTS: EventTemplate[] = [
  {
    name: DEMO_IN_PERSON_EVENT_NAME,
    categoryId: 1,
    cityId: 1,
    timezone: 'Europe/Kyiv',
    online: false,
    timing: { kind: 'relative', startHours: -2, endHours: 7 },
    currency: 'UAH',
    minPrice: 1500,
    placeName: 'Parkovyi Congress Center',
    placeAddress: '16A Parkova Road, Kyiv',
    description: [
      'The biggest gathering of the Ukrainian tech and startup community: founders, engineers, investors and the people who hire them.',
      'Three stages run in parallel: the main stage for keynotes, the startup hall for pitches and the workshop room for hands-on sessions.',
      'Book one-to-one meetings with other visitors in the app, visit the expo and bring your questions to the Q&A.',
    ],
    menu: MENU,
    tracks: ['Main Stage', 'Startup Hall', 'Workshop Room'],
    organiser: 0,
    participants: 190,
    stands: 10,
    comments: 60,
    appointments: 70,
    audience: ['UA', 'PL'],
  },
  {
    name: DEMO_ONLINE_EVENT_NAME,
    categoryId: 2,
    cityId: null,
    timezone: 'Europe/Warsaw',
    online: true,
    timing: { kind: 'relative', startHours: -1, endHours: 5 },
    currency: 'USD',
    minPrice: 49,
    placeName: '',
    placeAddress: '',
    description: [
      'A half-day online forum for product managers: discovery, pricing, metrics and working with engineering.',
      'Watch the stream, ask questions in the chat and book short video meetings with other product people.',
    ],
    menu: ['Product Manager', 'Founder', 'Designer', 'Engineer', 'Investor'],
    tracks: ['Main Stream', 'Breakout'],
    organiser: 0,
    participants: 120,
    stands: 0,
    comments: 40,
    appointments: 40,
    audience: ['PL', 'UA', 'GB', 'US'],
  },
  {
    name: 'Lviv Marketing Days',
    categoryId: 3,
    cityId: 3,
    timezone: 'Europe/Kyiv',
    online: false,
    timing: { kind: 'days', dayOffset: -12, days: 2, from: '10:00', to: '18:00' },
    currency: 'UAH',
    minPrice: 900,
    placeName: 'Lviv Arena Business Hall',
    placeAddress: '199 Stryiska St, Lviv',
    description: [
      'Two days about brand, performance marketing and content for Ukrainian and European markets.',
      'Case studies from local brands, a workshop day and an evening networking party.',
    ],
    menu: ['Brand', 'Agency', 'Marketing', 'Startup', 'Press'],
    tracks: ['Brand Stage', 'Performance Stage'],
    organiser: 1,
    participants: 90,
    stands: 5,
    comments: 15,
    appointments: 30,
    audience: ['UA'],
  },
  {
    name: 'Warsaw Design Week',
    categoryId: 4,
    cityId: 2,
    timezone: 'Europe/Warsaw',
    online: false,
    timing: { kind: 'days', dayOffset: 9, days: 3, from: '10:00', to: '18:00' },
    currency: 'USD',
    minPrice: 120,
    placeName: 'Koneser Centre',
    placeAddress: 'Plac Konesera 1, Warsaw',
    description: [
      'Product, service and interface design in three days of talks, portfolio reviews and studio visits.',
      'This year the focus is accessibility and design systems that scale across teams.',
    ],
    menu: ['Designer', 'Design Lead', 'Developer', 'Student', 'Press'],
    tracks: ['Hall A', 'Hall B', 'Studio'],
    organiser: 2,
    participants: 70,
    stands: 6,
    comments: 0,
    appointments: 25,
    audience: ['PL', 'DE', 'CZ'],
  },
  {
    name: 'MedTech Congress Berlin',
    categoryId: 5,
    cityId: 10,
    timezone: 'Europe/Berlin',
    online: false,
    timing: { kind: 'days', dayOffset: 24, days: 2, from: '09:00', to: '17:00' },
    currency: 'USD',
    minPrice: 250,
    placeName: 'Estrel Congress Center',
    placeAddress: 'Sonnenallee 225, Berlin',
    description: [
      'Clinicians, engineers and regulators on digital health, diagnostics and medical devices in the EU.',
      'Sessions are accredited for continuing medical education.',
    ],
    menu: ['Physician', 'Engineer', 'Investor', 'Regulator', 'Press'],
    tracks: ['Plenary', 'Digital Health'],
    organiser: 3,
    participants: 50,
    stands: 4,
    comments: 0,
    appointments: 15,
    audience: ['DE', 'GB', 'PL'],
  },
  {
    name: 'Digital Education Webinar Series',
    categoryId: 6,
    cityId: null,
    timezone: 'Europe/Kyiv',
    online: true,
    timing: { kind: 'days', dayOffset: 3, days: 1, from: '18:00', to: '21:00' },
    currency: 'RUB',
    minPrice: 1990,
    placeName: '',
    placeAddress: '',
    description: [
      'An evening webinar for teachers and learning designers about building online courses that students finish.',
      'Practical templates, a live course review and an open Q&A.',
    ],
    menu: ['Teacher', 'Learning Designer', 'School Leader', 'Student'],
    tracks: ['Webinar'],
    organiser: 4,
    participants: 60,
    stands: 0,
    comments: 0,
    appointments: 10,
    audience: ['UA', 'CZ'],
  },
  {
    name: 'EdTech Online Meetup',
    categoryId: 6,
    cityId: null,
    timezone: 'Europe/Warsaw',
    online: true,
    timing: { kind: 'days', dayOffset: -5, days: 1, from: '17:00', to: '20:00' },
    currency: 'USD',
    minPrice: 0,
    placeName: '',
    placeAddress: '',
    description: ['A free monthly meetup of EdTech founders and teachers: three short talks and an open discussion.'],
    menu: ['Founder', 'Teacher', 'Developer', 'Investor'],
    tracks: ['Main Stream'],
    organiser: 4,
    participants: 80,
    stands: 0,
    comments: 20,
    appointments: 12,
    audience: ['PL', 'UA', 'US'],
  },
  {
    name: 'Odesa AI & Data Conference',
    categoryId: 1,
    cityId: 4,
    timezone: 'Europe/Kyiv',
    online: false,
    timing: { kind: 'days', dayOffset: 45, days: 2, from: '10:00', to: '18:00' },
    currency: 'UAH',
    minPrice: 2500,
    placeName: 'Black Sea Congress Hall',
    placeAddress: '5 Morska St, Odesa',
    description: [
      'Machine learning in production, data engineering and analytics, by the people who run them.',
      'Hands-on workshops on the second day; bring a laptop.',
    ],
    menu: MENU,
    tracks: ['ML Track', 'Data Engineering'],
    organiser: 0,
    participants: 60,
    stands: 5,
    comments: 0,
    appointments: 15,
    audience: ['UA'],
  },
  {
    name: 'Prague Fintech Forum',
    categoryId: 2,
    cityId: 12,
    timezone: 'Europe/Prague',
    online: false,
    timing: { kind: 'days', dayOffset: -40, days: 1, from: '09:30', to: '18:30' },
    currency: 'USD',
    minPrice: 300,
    placeName: 'Forum Karlín',
    placeAddress: 'Pernerova 51, Prague',
    description: ['Banks, payment companies and regulators from Central Europe on open banking, instant payments and compliance.'],
    menu: ['Bank', 'Fintech', 'Investor', 'Regulator', 'Press'],
    tracks: ['Main Hall', 'Payments Lab'],
    organiser: 5,
    participants: 70,
    stands: 6,
    comments: 12,
    appointments: 25,
    audience: ['CZ', 'DE', 'PL', 'GB'],
  },
  {
    name: 'Kharkiv IT Community Meetup',
    categoryId: 1,
    cityId: 5,
    timezone: 'Europe/Kyiv',
    online: false,
    timing: { kind: 'days', dayOffset: 6, days: 1, from: '18:00', to: '21:30' },
    currency: 'UAH',
    minPrice: 0,
    placeName: 'Creative Quarter Hub',
    placeAddress: '6 Sumska St, Kharkiv',
    description: ['An evening meetup of Kharkiv developers: two talks, pizza and lightning talks from the audience.'],
    menu: ['Developer', 'QA', 'Manager', 'Student'],
    tracks: ['Main Room'],
    organiser: 0,
    participants: 40,
    stands: 0,
    comments: 0,
    appointments: 6,
    audience: ['UA'],
  },
  {
    name: 'London Healthcare Innovation Summit',
    categoryId: 5,
    cityId: 14,
    timezone: 'Europe/London',
    online: false,
    timing: { kind: 'days', dayOffset: 60, days: 1, from: '09:00', to: '17:30' },
    currency: 'USD',
    minPrice: 400,
    placeName: 'ExCeL London',
    placeAddress: 'Royal Victoria Dock, 1 Western Gateway, London',
    description: ['NHS leaders, startups and investors on how new care models reach patients faster.'],
    menu: ['Clinician', 'Startup', 'Investor', 'NHS', 'Press'],
    tracks: ['Keynote Theatre', 'Innovation Stage'],
    organiser: 3,
    participants: 30,
    stands: 3,
    comments: 0,
    appointments: 6,
    audience: ['GB', 'US', 'DE'],
  },
];

export const TICKET_TYPES = [
  { type: 'Standard', factor: 1, weight: 70 },
  { type: 'VIP', factor: 3, weight: 12 },
  { type: 'Business', factor: 2, weight: 10 },
];

export const SPEECH_TITLES: Record<number, readonly string[]> = {
  1: [
    'Scaling a monolith without a rewrite',
    'Kubernetes at 3 a.m.: lessons from on-call',
    'Type-safe APIs end to end',
    'What we learned shipping offline-first apps',
    'Observability on a startup budget',
    'LLMs in production: evaluation before hype',
    'Rust for backend teams',
    'Security basics every team skips',
    'Data contracts between teams',
    'From 0 to 1M users on PostgreSQL',
    'Building a platform team',
    'Testing strategies that survive growth',
  ],
  2: [
    'Pricing experiments that worked',
    'Discovery interviews that do not lie',
    'Roadmaps without dates',
    'North Star metrics in B2B',
    'Raising a seed round in 2020s Europe',
    'Open banking two years later',
    'Instant payments and fraud',
    'Compliance as a product feature',
    'Negotiating enterprise deals',
    'Hiring your first product team',
  ],
  3: [
    'Brand building for small budgets',
    'Performance marketing after cookies',
    'Content that sells without selling',
    'Community-led growth',
    'Email is not dead: retention playbook',
    'Influencer marketing in Ukraine',
    'Positioning for a new market',
    'Measuring brand lift honestly',
    'Video ads that people finish',
    'B2B marketing with a tiny team',
    'Localisation beyond translation',
    'Marketing analytics without a data team',
  ],
  4: [
    'Design systems that teams adopt',
    'Accessibility audits in practice',
    'Prototyping with real data',
    'Service design in public sector',
    'Typography for interfaces',
    'Research ops for small teams',
    'Designing for trust in fintech',
    'Design critique that helps',
    'Motion in product design',
    'Inclusive forms and error messages',
    'From designer to design lead',
    'Dark patterns and how to avoid them',
    'Designing for low bandwidth',
  ],
  5: [
    'AI-assisted diagnostics: evidence so far',
    'Remote monitoring for chronic patients',
    'Medical device regulation update',
    'Interoperability with FHIR',
    'Clinical trials go digital',
    'Telemedicine in wartime',
    'Cybersecurity in hospitals',
    'Reimbursement for digital therapeutics',
    'Patient data and consent',
    'Wearables in cardiology',
    'Rehabilitation with VR',
  ],
  6: [
    'Courses students actually finish',
    'Assessment in online learning',
    'Gamification without gimmicks',
    'Teaching programming to teenagers',
    'Learning analytics ethics',
    'Microlearning for busy adults',
    'Feedback at scale',
    'Video lessons that hold attention',
    'Accessibility in online courses',
    'Cohort-based courses in practice',
  ],
};

export const GENERAL_TITLES = [
  'Opening keynote',
  'Panel discussion: the next five years',
  'Fireside chat with the founders',
  'Lightning talks',
  'Startup pitches',
  'Closing remarks and awards',
];

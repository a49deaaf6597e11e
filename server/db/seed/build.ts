import { DEMO_IN_PERSON_EVENT_NAME, DEMO_ONLINE_EVENT_NAME, ORGANISERS, type DemoAccount } from './demo-data.ts';
import { EVENTS, type EventTemplate } from './demo-events.ts';
import { buildEvent, phaseOf, type AccountRole, type BuildContext } from './events.ts';
import { AppointmentBook, dialog, eligible, randomAppointments, scripted, slotsOf, type AppointmentSpec } from './appointments.ts';
import { accountUser, generateVisitors } from './people.ts';
import type { AppointmentPlan, EventPlan, SeedPlan } from './plan.ts';
import { nth } from './lists.ts';
import { Rng } from './random.ts';
import { comments, friends, relations } from './social.ts';
import { MINUTE_MS } from './time.ts';

const ACCOUNT_ORDER: DemoAccount[] = ['owner', 'anna', 'bohdan', 'olena', 'manager'];
export const DEMO_VISITORS = 340;

type Accounts = Record<DemoAccount, number>;

function start(seed: number, now: Date, visitors: number) {
  const rng = new Rng(seed);
  const users = ACCOUNT_ORDER.map((a) => accountUser(a, now));
  const acc = Object.fromEntries(ACCOUNT_ORDER.map((a, i) => [a, i])) as Accounts;
  users.push(...generateVisitors(rng.fork('people'), visitors, now));
  const pool = users.map((_, i) => i).slice(ACCOUNT_ORDER.length);
  const plan: SeedPlan = { users, organisers: ORGANISERS, events: [], dialogs: [], relations: [], friends: [] };
  const ctx: BuildContext = { now, users, codes: new Set() };
  return { rng, plan, acc, pool, ctx, exclude: new Set(Object.values(acc)) };
}

/** What the demo accounts do at each event; everyone else is drawn by the generator. */
function accountRoles(t: EventTemplate, acc: Accounts): AccountRole[] {
  const visitor = (user: number, ticket: string | null, checkedIn: boolean, favorite: boolean): AccountRole => ({
    user,
    role: 'visitor',
    ticket,
    checkedIn,
    favorite,
  });
  switch (t.name) {
    case DEMO_IN_PERSON_EVENT_NAME:
      return [
        visitor(acc.anna, 'VIP', true, true),
        visitor(acc.bohdan, 'Standard', true, false),
        { user: acc.manager, role: 'sponsor', ticket: 'Exhibitor', checkedIn: true, favorite: false, standManager: true },
      ];
    case DEMO_ONLINE_EVENT_NAME:
      return [visitor(acc.anna, 'Online', true, false), visitor(acc.bohdan, 'Online + Recording', true, true)];
    case 'Lviv Marketing Days':
      return [visitor(acc.anna, 'Standard', true, false)];
    case 'Warsaw Design Week':
      return [visitor(acc.anna, 'Business', false, true), visitor(acc.bohdan, null, false, true), visitor(acc.olena, null, false, true)];
    case 'Odesa AI & Data Conference':
      return [visitor(acc.bohdan, 'Standard', true, false)];
    case 'Prague Fintech Forum':
      return [visitor(acc.bohdan, 'Standard', true, false)];
    case 'MedTech Congress Berlin':
      return [visitor(acc.olena, null, false, true)];
    default:
      return [];
  }
}

/** A scripted appointment before the script knows the event has the visitors it names. */
type DraftSpec = Omit<AppointmentSpec, 'from' | 'to'> & { from: number | undefined; to: number | undefined; dialog?: boolean };
type WholeSpec = AppointmentSpec & { dialog?: boolean };
const isWhole = (s: DraftSpec): s is WholeSpec => s.from !== undefined && s.to !== undefined;

/**
 * The appointments the demo accounts walk into: every status, past and future, at tables, other places
 * and online. Minutes count from the hour the seed ran in; the running events start on the hour, so
 * each lands on a slot. Future ones start two hours or more after that hour, so at least an hour after
 * the seed ran: no reminder comes up and no call opens by itself while someone tries the demo out or
 * a test run walks through it (one that began at 02:47 met the 03:00 call over its buttons).
 */
function scriptDemoAppointments(rng: Rng, book: AppointmentBook, plan: SeedPlan, acc: Accounts, now: Date, exclude: Set<number>): AppointmentPlan[] {
  const agreed: AppointmentPlan[] = [];
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS);
  const run = (name: string, specs: (v: number[], e: EventPlan) => DraftSpec[]) => {
    const index = plan.events.findIndex((e) => e.name === name);
    const e = plan.events[index];
    if (!e) return;
    const v = eligible(e, exclude);
    const list = specs(v, e);
    // A small scale seed may lack the people the script needs; that event then goes without it.
    if (!list.every(isWhole)) return;
    for (const s of list) {
      const a = scripted(rng, book, index, e, now, s);
      if (s.dialog) agreed.push(a);
    }
  };
  const { anna, bohdan, manager } = acc;
  run(DEMO_IN_PERSON_EVENT_NAME, (v) => [
    { from: anna, to: bohdan, at: at(210), status: 'accepted', where: { table: 3 }, dialog: true },
    { from: v[0], to: anna, at: at(240), status: 'pending', where: { place: '2' } },
    { from: anna, to: v[1], at: at(270), status: 'pending', where: { table: 4 } },
    { from: v[2], to: anna, at: at(-90), status: 'accepted', where: { place: '1' }, dialog: true },
    { from: anna, to: v[3], at: at(300), status: 'rejected', where: { table: 6 } },
    { from: v[4], to: anna, at: at(330), status: 'canceled', canceledBy: anna, where: { place: '3' } },
    { from: v[5], to: anna, at: at(-60), status: 'pending', where: { table: 2 } },
    { from: v[6], to: bohdan, at: at(225), status: 'pending', where: { place: '2' } },
    { from: bohdan, to: v[7], at: at(255), status: 'accepted', where: { table: 5 }, dialog: true },
    { from: v[8], to: bohdan, at: at(-45), status: 'rejected', where: { table: 1 } },
    { from: bohdan, to: v[9], at: at(285), status: 'canceled', canceledBy: v[9], where: { place: '1' } },
    { from: v[10], to: manager, at: at(180), status: 'accepted', where: { table: 2 } },
    { from: manager, to: v[11], at: at(360), status: 'pending', where: { table: 7 } },
  ]);
  run(DEMO_ONLINE_EVENT_NAME, (v) => [
    { from: anna, to: bohdan, at: at(120), status: 'accepted', dialog: false },
    { from: v[0], to: anna, at: at(150), status: 'pending' },
    { from: anna, to: v[1], at: at(180), status: 'accepted', dialog: true },
    { from: v[2], to: bohdan, at: at(165), status: 'pending' },
    { from: bohdan, to: v[3], at: at(-30), status: 'accepted' },
  ]);
  const pastSlot = (e: EventPlan, n: number) => slotsOf(e)[n] ?? null;
  run('Lviv Marketing Days', (v, e) => [
    { from: anna, to: v[0], at: pastSlot(e, 4), status: 'accepted', where: { table: 1 }, dialog: true },
    { from: v[1], to: anna, at: pastSlot(e, 10), status: 'rejected', where: { place: '2' } },
  ]);
  run('Prague Fintech Forum', (v, e) => [{ from: v[0], to: bohdan, at: pastSlot(e, 6), status: 'accepted', where: { table: 4 } }]);
  return agreed;
}

/** Dialogs for a share of the agreed appointments, one per pair of people. */
function conversations(rng: Rng, plan: SeedPlan, now: Date, forced: AppointmentPlan[], share: number, cap: number): void {
  const seen = new Set<string>();
  const key = (a: AppointmentPlan) => (a.from < a.to ? `${a.from}-${a.to}` : `${a.to}-${a.from}`);
  forced.forEach((a, i) => {
    if (seen.has(key(a))) return;
    seen.add(key(a));
    // The first forced dialog is anna and bohdan: six messages, the last from bohdan left unread.
    plan.dialogs.push(dialog(rng, plan.users, a, now, i === 0 ? { count: 6, unread: true } : {}));
  });
  const agreed = plan.events.flatMap((e) => e.appointments.filter((a) => a.response === 1));
  for (const a of agreed) {
    if (plan.dialogs.length >= cap) break;
    if (seen.has(key(a)) || !rng.chance(share)) continue;
    seen.add(key(a));
    plan.dialogs.push(dialog(rng, plan.users, a, now));
  }
}

function demoSocial(plan: SeedPlan, acc: Accounts) {
  const { anna, bohdan, olena, manager } = acc;
  plan.relations.push(
    { user: anna, target: bohdan, like_status: 3, favorite: true },
    { user: bohdan, target: anna, like_status: 3, favorite: false },
    { user: anna, target: manager, like_status: 2, favorite: false },
    { user: olena, target: anna, like_status: 1, favorite: true },
  );
  plan.friends.push([anna, bohdan], [anna, olena]);
}

export function buildDemoPlan(seed: number, now: Date): SeedPlan {
  const { rng, plan, acc, pool, ctx, exclude } = start(seed, now, DEMO_VISITORS);
  for (const t of EVENTS) plan.events.push(buildEvent(rng.fork(`event:${t.name}`), ctx, t, pool, accountRoles(t, acc), acc.owner));
  const book = new AppointmentBook();
  const appointmentsRng = rng.fork('meetings');
  const forced = scriptDemoAppointments(appointmentsRng, book, plan, acc, now, exclude);
  EVENTS.forEach((t, i) => {
    const e = nth(plan.events, i, 'event');
    randomAppointments(appointmentsRng, book, i, e, now, eligible(e, exclude), t.appointments);
    const phase = phaseOf(e, now);
    if (phase !== 'future') {
      comments(rng.fork(`chat:${t.name}`), e, plan.users, now, t.comments, {
        exclude,
        block: t.name === DEMO_IN_PERSON_EVENT_NAME ? { moderator: acc.owner } : undefined,
      });
    }
  });
  conversations(rng.fork('dialogs'), plan, now, forced, 0.5, 80);
  demoSocial(plan, acc);
  relations(rng.fork('relations'), plan, 600, exclude);
  friends(rng.fork('friends'), plan, 180, exclude);
  return plan;
}

/**
 * One in-person event running now with `visitors` people, sized like a big expo: a comment per five
 * visitors, an appointment per three. The demo accounts come along so someone can log in and look.
 */
export function buildScalePlan(seed: number, now: Date, visitors: number): SeedPlan {
  const { rng, plan, acc, pool, ctx, exclude } = start(seed, now, visitors);
  const base = EVENTS.find((t) => t.name === DEMO_IN_PERSON_EVENT_NAME);
  if (!base) throw new Error(`seed: no event template named ${DEMO_IN_PERSON_EVENT_NAME}`);
  const t: EventTemplate = {
    ...base,
    participants: visitors,
    stands: Math.min(24, Math.floor(visitors / 200)) || (visitors >= 10 ? 1 : 0),
    comments: Math.round(visitors / 5),
    appointments: Math.round(visitors / 3),
  };
  const e = buildEvent(rng.fork(`event:${t.name}`), ctx, t, pool, accountRoles(t, acc), acc.owner);
  plan.events.push(e);
  const book = new AppointmentBook();
  const appointmentsRng = rng.fork('meetings');
  const forced = visitors >= 20 ? scriptDemoAppointments(appointmentsRng, book, plan, acc, now, exclude) : [];
  // The big event has 10 tables, so most appointments spill over to the lounge, cafe and terrace.
  randomAppointments(appointmentsRng, book, 0, e, now, eligible(e, exclude), t.appointments - e.appointments.length);
  comments(rng.fork(`chat:${t.name}`), e, plan.users, now, t.comments, { exclude, block: { moderator: acc.owner } });
  conversations(rng.fork('dialogs'), plan, now, forced, 0.2, Math.max(20, Math.round(visitors / 25)));
  demoSocial(plan, acc);
  relations(rng.fork('relations'), plan, Math.round(visitors / 5), exclude);
  friends(rng.fork('friends'), plan, Math.round(visitors / 10), exclude);
  return plan;
}

import type { Q } from '../tx.ts';
import { buildDemoPlan, buildScalePlan } from './build.ts';
import type { SeedPlan } from './plan.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_ONLINE_EVENT_NAME, type DemoAccount } from './demo-data.ts';
import { floorToHour } from './time.ts';
export { writeDrawnLogos, writeEventActivity, writeEventExtras, writePeople, writeReference } from './write.ts';

export { CITIES, DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_ONLINE_EVENT_NAME, DEMO_PASSWORD, type DemoAccount } from './demo-data.ts';
export type { EventPlan } from './plan.ts';

/** The seed number behind every name, count and choice in the demo. */
export const DEFAULT_SEED = 20_250_301;

export interface SeedOptions {
  seed?: number;
  /** The moment the seed pretends to run at (rounded down to the hour); tests pin it. */
  now?: Date;
}

/** A database that has any user is never seeded. */
export async function isEmpty(db: Q): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).execute()).length === 0;
}

/**
 * The plan of a seed mode: 'demo' (events of every kind, 340 visitors, the demo accounts),
 * 'scale:<N>' (one in-person event running now with N visitors, plus the demo accounts); undefined
 * for 'none'. The seed runs through the write runner (domain/seed.ts).
 */
export function seedPlan(mode: string, options: SeedOptions = {}): { plan: SeedPlan; now: Date } | undefined {
  if (mode === 'none') return undefined;
  const match = /^(?:demo|scale:(\d+))$/.exec(mode);
  if (!match) throw new Error(`unknown seed mode ${mode}: use demo, none or scale:<visitors>`);
  const now = floorToHour(options.now ?? new Date());
  const seed = options.seed ?? DEFAULT_SEED;
  return { plan: match[1] === undefined ? buildDemoPlan(seed, now) : buildScalePlan(seed, now, Number(match[1])), now };
}

/** The ids of the demo events: the in-person and the online event running now (no online one in scale mode). */
export async function findDemoEvents(db: Q): Promise<{ inPerson: number; online: number | null }> {
  const rows = await db
    .selectFrom('events')
    .select(['id', 'name'])
    .where('name', 'in', [DEMO_IN_PERSON_EVENT_NAME, DEMO_ONLINE_EVENT_NAME])
    .where('deleted', '=', false)
    .orderBy('id')
    .execute();
  const inPerson = rows.find((r) => r.name === DEMO_IN_PERSON_EVENT_NAME)?.id;
  if (inPerson === undefined) throw new Error('the demo events are missing: was the database seeded?');
  return { inPerson, online: rows.find((r) => r.name === DEMO_ONLINE_EVENT_NAME)?.id ?? null };
}

/** The user ids of the demo accounts (all log in with DEMO_PASSWORD). */
export async function findDemoAccounts(db: Q): Promise<Record<DemoAccount, number>> {
  const emails = Object.values(DEMO_ACCOUNTS);
  const rows = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
  const out = {} as Record<DemoAccount, number>;
  for (const [account, email] of Object.entries(DEMO_ACCOUNTS) as [DemoAccount, string][]) {
    const row = rows.find((r) => r.email === email);
    if (!row) throw new Error(`the demo account ${email} is missing: was the database seeded?`);
    out[account] = row.id;
  }
  return out;
}

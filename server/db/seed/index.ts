import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/passwords.ts';
import type { Database } from '../index.ts';
import { writeTx, type Tx } from '../tx.ts';
import type { DB } from '../types.ts';
import { buildDemoPlan, buildScalePlan } from './build.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_ONLINE_EVENT_NAME, DEMO_PASSWORD, type DemoAccount } from './demo-data.ts';
import { floorToHour } from './time.ts';
import { writePlan } from './write.ts';

export { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_ONLINE_EVENT_NAME, DEMO_PASSWORD, type DemoAccount } from './demo-data.ts';

/** The seed number behind every name, count and choice in the demo. */
export const DEFAULT_SEED = 20_250_301;

export interface SeedOptions {
  seed?: number;
  /** The moment the seed pretends to run at (rounded down to the hour); tests pin it. */
  now?: Date;
}

async function isEmpty(db: Kysely<DB> | Tx): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).execute()).length === 0;
}

/**
 * Fills an empty database: 'demo' (events of every kind, 340 visitors, the demo accounts),
 * 'scale:<N>' (one in-person event running now with N visitors, plus the demo accounts) or 'none'.
 * A database that has any user is left alone. Returns the mode when it seeded.
 *
 * Events carry counters kept by the services, seeded from the rows written: total_people counts
 * checked-in participants, favorites_count is_favorite rows, meetings_count agreed appointments
 * (response 1) and visitors_with_appointments_count the distinct people in those.
 */
export async function runSeed(database: Database, mode: string, options: SeedOptions = {}): Promise<string | undefined> {
  if (mode === 'none') return undefined;
  const match = /^(?:demo|scale:(\d+))$/.exec(mode);
  if (!match) throw new Error(`unknown seed mode ${mode}: use demo, none or scale:<visitors>`);
  const { db } = database;
  if (!(await isEmpty(db))) return undefined;

  const now = floorToHour(options.now ?? new Date());
  const seed = options.seed ?? DEFAULT_SEED;
  const plan = match[1] === undefined ? buildDemoPlan(seed, now) : buildScalePlan(seed, now, Number(match[1]));
  // Every seeded account shares one argon2id hash of the demo password: hashing is deliberately
  // slow (~50 ms and 19 MiB each), so 5,000 separate hashes would take minutes for no benefit when
  // all of them protect the same well-known password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const seeded = await writeTx(db, async (trx) => {
    // writeTx holds the change-feed lock, so two instances starting together take turns here and
    // the second one finds the users the first has just written.
    if (!(await isEmpty(trx))) return false;
    await writePlan(trx, plan, passwordHash, now);
    return true;
  });
  return seeded ? mode : undefined;
}

/** The ids of the demo events: the in-person and the online event running now (no online one in scale mode). */
export async function findDemoEvents(db: Kysely<DB> | Tx): Promise<{ inPerson: number; online: number | null }> {
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
export async function findDemoAccounts(db: Kysely<DB> | Tx): Promise<Record<DemoAccount, number>> {
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

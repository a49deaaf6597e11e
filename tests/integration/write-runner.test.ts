import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../contract/errors.ts';
import { HINTS_CHANNEL, quiet, SESSIONS_CHANNEL, withJobs, type ChangeHint, type JobDeps, type SessionEnded } from '../../server/domain/effects.ts';
import { setFavorite } from '../../server/domain/events/service.ts';
import { checkin } from '../../server/domain/ticket-holders/registration.ts';
import { createWriter } from '../../server/domain/write.ts';
import { createMemoryBus } from '../../server/realtime/bus.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';

/**
 * The write runner (server/domain/write.ts): the one way every entry point writes. What it owes
 * them: the service's rows commit together or not at all, and the Effect is announced once, after
 * the commit, never for a write that failed; the same holds for the jobs (mail) the Effect carries.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

/** A bus that records what was announced on it. */
function recordingBus() {
  const bus = createMemoryBus();
  const hints: ChangeHint[] = [];
  const ended: SessionEnded[] = [];
  bus.subscribe(HINTS_CHANNEL, (m) => hints.push(m as ChangeHint));
  bus.subscribe(SESSIONS_CHANNEL, (m) => ended.push(m as SessionEnded));
  return { bus, hints, ended, settle: () => new Promise((r) => setImmediate(r)) };
}

describe('the write runner', () => {
  it('commits the service and announces its Effect as hints, public and per user', async () => {
    const u = await createUser(database.db);
    const ev = await createEvent(database.db);
    const { bus, hints, settle } = recordingBus();
    const writer = createWriter(database.db, bus);
    const effect = await writer.run((trx) => setFavorite(trx, u.id, ev.id, true));
    await writer.drain();
    await settle();
    expect(effect.collections).toEqual(['my_events', 'events']);
    expect(hints).toEqual([{ collections: ['events'] }, { collections: ['my_events'], userIds: [u.id] }]);
    const row = await database.db
      .selectFrom('user_events')
      .select('is_favorite')
      .where('event_id', '=', ev.id)
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.is_favorite).toBe(true);
  });

  it('announces nothing and keeps nothing of a service that fails', async () => {
    const u = await createUser(database.db);
    const ev = await createEvent(database.db);
    const { bus, hints, settle } = recordingBus();
    const writer = createWriter(database.db, bus);
    await expect(
      writer.run(async (trx) => {
        await setFavorite(trx, u.id, ev.id, true);
        throw new DomainError('forbidden');
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(writer.run((trx) => checkin(trx, u.id, 2_000_000_000))).rejects.toMatchObject({ code: 'event_not_found' });
    await writer.drain();
    await settle();
    expect(hints).toEqual([]);
    const row = await database.db.selectFrom('user_events').select('is_favorite').where('event_id', '=', ev.id).where('user_id', '=', u.id).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('announces ended sessions before the hints, and a quiet Effect not at all', async () => {
    const { bus, hints, ended, settle } = recordingBus();
    const writer = createWriter(database.db, bus);
    await writer.run(async () => ({ ...quiet([1]), sessionsEnded: [{ userId: 7, session: 'ab' }] }));
    await writer.run(async () => quiet([2]));
    await settle();
    expect(ended).toEqual([{ userId: 7, session: 'ab' }]);
    expect(hints).toEqual([]);
  });

  it('still answers a committed write when the bus fails, and says so in the log', async () => {
    const u = await createUser(database.db);
    const ev = await createEvent(database.db);
    const warnings: unknown[] = [];
    const broken = { publish: () => Promise.reject(new Error('bus down')) };
    const writer = createWriter(database.db, broken, { warn: (obj) => warnings.push(obj) });
    const effect = await writer.run((trx) => setFavorite(trx, u.id, ev.id, true), { announced: true });
    expect(effect.ids).toEqual([String(ev.id)]);
    expect(warnings.length).toBe(2);
  });

  it('runs the jobs of an Effect once after the commit, with the mail settings of the writer and the language of the caller', async () => {
    const u = await createUser(database.db);
    const ev = await createEvent(database.db);
    const mail = { smtpUrl: '', mailFrom: 'foyer@example.test', dataDir: '/nonexistent', publicUrl: 'http://foyer.test' };
    const writer = createWriter(database.db, createMemoryBus(), console, mail);
    const seen: { committed: boolean; deps: JobDeps }[] = [];
    await writer.run(
      async (trx) => {
        const effect = await setFavorite(trx, u.id, ev.id, true);
        return withJobs(effect, async (deps) => {
          // Read outside the transaction: the job must see the write as committed.
          const row = await deps.db
            .selectFrom('user_events')
            .select('is_favorite')
            .where('event_id', '=', ev.id)
            .where('user_id', '=', u.id)
            .executeTakeFirst();
          seen.push({ committed: row?.is_favorite === true, deps });
        });
      },
      { lang: 'pl' },
    );
    await writer.drain();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.committed).toBe(true);
    expect(seen[0]?.deps.mail).toBe(mail);
    expect(seen[0]?.deps.lang).toBe('pl');
  });

  it('logs a failing job without failing the write or its other jobs', async () => {
    const u = await createUser(database.db);
    const ev = await createEvent(database.db);
    const warnings: unknown[] = [];
    const writer = createWriter(database.db, createMemoryBus(), { warn: (obj) => warnings.push(obj) });
    let ran = 0;
    const effect = await writer.run(async (trx) =>
      withJobs(
        await setFavorite(trx, u.id, ev.id, true),
        async () => {
          throw new Error('smtp down');
        },
        async () => {
          ran++;
        },
      ),
    );
    await writer.drain();
    expect(effect.ids).toEqual([String(ev.id)]);
    expect(ran).toBe(1);
    expect(warnings).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../fixtures/suite.ts';
import { login } from '../fixtures/server.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { failFavoritesOf, healFavorites } from '../fixtures/injected-faults.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';
import type { CommandResult } from '../../contract/commands.ts';

/**
 * Poison commands: inputs that passed the contract but failed inside the database answered the
 * whole batch 500, and the device resent that batch forever with everything queued behind it. Now
 * each one is answered `rejected` with `invalid_input` on its own, stored like any answer, and the
 * commands around it are applied. The inputs are the ones the security review used.
 */

const server = serverPerFile();
interface Cmd {
  id: string;
  kind: string;
  payload: unknown;
  occurredAt?: string;
}

let seq = 0;
const cmdId = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}`.slice(0, 64);
const KYIV = 'Europe/Kyiv';
const D = addDays(localDateOf(Math.floor(Date.now() / 1000), KYIV), 2);

async function post(token: string, commands: Cmd[]) {
  return server.app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: { authorization: `Bearer ${token}` },
    payload: { commands: commands.map((c) => ({ occurredAt: new Date().toISOString(), ...c })) },
  });
}

async function newUser() {
  const u = await createUser(server.app.db);
  return { id: u.id, token: (await login(server.app, u.email)).token };
}

const favorites = async (userId: number) =>
  (await server.app.db.selectFrom('user_events').select('event_id').where('user_id', '=', userId).where('is_favorite', '=', true).execute())
    .map((r) => r.event_id)
    .sort((a, b) => a - b);

/**
 * Sends [a favorite, the poison, another favorite], twice: the batch answers 200, the poison alone
 * is refused with invalid_input, both favorites are applied, and the replay gets the same answers.
 */
async function expectIsolated(
  who: { id: number; token: string },
  poison: Omit<Cmd, 'id'>,
  expected: Partial<CommandResult> = { status: 'rejected', code: 'invalid_input' },
) {
  const [before, after] = [await createEvent(server.app.db), await createEvent(server.app.db)];
  const batch: Cmd[] = [
    { id: cmdId('before'), kind: 'event.favorite', payload: { event_id: before.id, favorite: true } },
    { id: cmdId('poison'), ...poison },
    { id: cmdId('after'), kind: 'event.favorite', payload: { event_id: after.id, favorite: true } },
  ];
  const first = await post(who.token, batch);
  expect(first.statusCode, first.body).toBe(200);
  const results = first.json().results as CommandResult[];
  expect(results.map((r) => r.status)).toEqual(['applied', expected.status, 'applied']);
  expect(results[1]).toMatchObject({ id: batch[1]!.id, ...expected });
  expect(await favorites(who.id)).toEqual(expect.arrayContaining([before.id, after.id]));
  const stored = await server.app.db
    .selectFrom('commands')
    .select(['status', 'code'])
    .where('user_id', '=', who.id)
    .where('id', '=', batch[1]!.id)
    .executeTakeFirst();
  expect(stored).toEqual({ status: expected.status, code: expected.code ?? null });
  const replay = await post(who.token, batch);
  expect(replay.statusCode).toBe(200);
  expect(replay.json().results).toEqual(results);
  return results[1]!;
}

describe('a command the database cannot store is refused alone', () => {
  const poisonText = 'EVIL\u0000QR';

  for (const field of ['first_name', 'last_name', 'position', 'company', 'help', 'status'] as const) {
    it(`profile.update with a NUL in ${field}`, async () => {
      const me = await newUser();
      const before = await server.app.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
      await expectIsolated(me, { kind: 'profile.update', payload: { [field]: poisonText } });
      const after = await server.app.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
      expect({ ...after, rev: 0 }).toEqual({ ...before, rev: 0 });
    });
  }

  it('profile.update with a NUL in a social link', async () => {
    await expectIsolated(await newUser(), { kind: 'profile.update', payload: { social: { telegram: `t.me/${poisonText}` } } });
  });

  for (const kind of ['event.favorite', 'event.checkin', 'event.uncheckin'] as const) {
    for (const eventId of [2 ** 31, 2 ** 53 - 1]) {
      it(`${kind} of event ${eventId}`, async () => {
        const payload = kind === 'event.favorite' ? { event_id: eventId, favorite: true } : { event_id: eventId };
        await expectIsolated(await newUser(), { kind, payload });
      });
    }
  }

  describe('appointments', () => {
    async function meetingEvent() {
      const e = await createEvent(server.app.db, { starts_in_hours: -1, duration_hours: 24 * 5 });
      await server.app.db
        .insertInto('meeting_settings')
        .values({ event_id: e.id, tables_count: 2, places: '{}', allowed_times: JSON.stringify([{ day: D, from: '10:00', to: '12:00' }]) })
        .execute();
      const [a, b] = [await newUser(), await newUser()];
      await server.app.db
        .insertInto('user_events')
        .values([a, b].map((p) => ({ event_id: e.id, user_id: p.id, checked_in: true })))
        .execute();
      return { eventId: e.id, a, b };
    }
    const request = (eventId: number, to: number, over: Record<string, unknown> = {}) => ({
      kind: 'appointment.request',
      payload: { event_id: eventId, user_id: to, date: D, comment: 'hello', any_time: false, time_start: zonedToUnix(D, '10:00', KYIV), ...over },
    });

    it('appointment.request with a NUL in the comment', async () => {
      const { eventId, a, b } = await meetingEvent();
      await expectIsolated(a, request(eventId, b.id, { comment: poisonText }));
      expect(await server.app.db.selectFrom('appointments').select('id').where('event_id', '=', eventId).execute()).toEqual([]);
    });

    it('appointment.reject with a NUL in the reason', async () => {
      const { eventId, a, b } = await meetingEvent();
      const made = (await post(a.token, [{ id: cmdId('req'), ...request(eventId, b.id) }])).json().results[0];
      expect(made.status).toBe('applied');
      const meetingId = Number(made.ids[0]);
      await expectIsolated(b, { kind: 'appointment.reject', payload: { meeting_id: meetingId, reason: poisonText } });
      const row = await server.app.db.selectFrom('appointments').select(['response', 'deleted']).where('id', '=', meetingId).executeTakeFirstOrThrow();
      expect(row).toEqual({ response: null, deleted: false });
    });
  });

  describe('door scans', () => {
    async function door() {
      const e = await createEvent(server.app.db, { is_free: false });
      const owner = await newUser();
      await server.app.db.insertInto('user_events').values({ event_id: e.id, user_id: owner.id, is_owner: true, role: 'organizer' }).execute();
      return { eventId: e.id, owner };
    }
    const scan = (eventId: number, over: Record<string, unknown> = {}) => ({
      kind: 'ticket.scan',
      payload: { code: 'T-unknown', device_id: 'door-1', scanned_at: new Date().toISOString(), event_id: eventId, result: 'unknown', ...over },
    });

    it('ticket.scan of the code EVIL\\u0000QR', async () => {
      const { eventId, owner } = await door();
      await expectIsolated(owner, scan(eventId, { code: poisonText }));
    });

    it('ticket.scan dated outside what a clock can say', async () => {
      const { eventId, owner } = await door();
      await expectIsolated(owner, scan(eventId, { scanned_at: '-271821-04-20T00:00:00.000Z' }));
      await expectIsolated(owner, scan(eventId, { scanned_at: '+275760-09-13T00:00:00.000Z' }));
    });
  });

  it('applies a command whose own time no database can hold, as received now', async () => {
    const me = await newUser();
    const result = await expectIsolated(
      me,
      { kind: 'event.favorite', payload: { event_id: (await createEvent(server.app.db)).id, favorite: true }, occurredAt: '-271821-04-20T00:00:00.000Z' },
      { status: 'applied' },
    );
    const row = await server.app.db
      .selectFrom('commands')
      .select('occurred_at')
      .where('user_id', '=', me.id)
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(row.occurred_at).toBeNull();
  });
});

const heal = () => healFavorites(server.database);

describe('database errors the input caused', () => {
  // 22P02 bad text representation, 22003 out of range, 22021 bad bytes, 23503 a missing row, 23514 a CHECK.
  for (const state of ['22P02', '22003', '22021', '23503', '23514']) {
    it(`SQLSTATE ${state} is answered invalid_input and stored, never a 500`, async () => {
      const me = await newUser();
      const bad = await createEvent(server.app.db);
      await failFavoritesOf(server.database, bad.id, state);
      try {
        await expectIsolated(me, { kind: 'event.favorite', payload: { event_id: bad.id, favorite: true } });
      } finally {
        await heal();
      }
    });
  }
});

describe('failures that are not the input', () => {
  for (const [state, status] of [
    ['XX000', 500],
    ['23505', 500],
    ['08006', 503],
    ['57P01', 503],
  ] as const) {
    it(`SQLSTATE ${state} answers ${status}, is not stored, and is applied once the fault is gone`, async () => {
      const me = await newUser();
      const [ok, bad] = [await createEvent(server.app.db), await createEvent(server.app.db)];
      const batch: Cmd[] = [
        { id: cmdId('ok'), kind: 'event.favorite', payload: { event_id: ok.id, favorite: true } },
        { id: cmdId('bad'), kind: 'event.favorite', payload: { event_id: bad.id, favorite: true } },
      ];
      await failFavoritesOf(server.database, bad.id, state);
      try {
        const res = await post(me.token, batch);
        expect(res.statusCode, res.body).toBe(status);
        const stored = await server.app.db.selectFrom('commands').select('id').where('user_id', '=', me.id).execute();
        // The command before it is applied and stored, so the device's resend gets its answer back.
        expect(stored.map((r) => r.id)).toEqual([batch[0]!.id]);
      } finally {
        await heal();
      }
      const again = await post(me.token, batch);
      expect(again.json().results.map((r: CommandResult) => r.status)).toEqual(['applied', 'applied']);
      expect(await favorites(me.id)).toEqual([ok.id, bad.id].sort((a, b) => a - b));
    });
  }
});

describe('a command id used again for another command', () => {
  it('is refused with command_id_reused instead of getting the first answer', async () => {
    const me = await newUser();
    const [e1, e2] = [await createEvent(server.app.db), await createEvent(server.app.db)];
    const id = cmdId('reused');
    const first = (await post(me.token, [{ id, kind: 'event.favorite', payload: { event_id: e1.id, favorite: true } }])).json().results[0];
    expect(first).toMatchObject({ status: 'applied' });
    // The same id, the same payload with its keys in another order: the same command.
    expect((await post(me.token, [{ id, kind: 'event.favorite', payload: { favorite: true, event_id: e1.id } }])).json().results[0]).toEqual(first);
    for (const other of [
      { id, kind: 'event.favorite', payload: { event_id: e2.id, favorite: true } },
      { id, kind: 'event.checkin', payload: { event_id: e1.id } },
      { id, kind: 'event.favorite', payload: { event_id: 'x' } },
    ]) {
      expect((await post(me.token, [other])).json().results[0]).toEqual({ id, status: 'rejected', code: 'command_id_reused' });
    }
    expect(await favorites(me.id)).toEqual([e1.id]);
    // The stored answer is untouched: the first command's own replay still gets it.
    expect((await post(me.token, [{ id, kind: 'event.favorite', payload: { event_id: e1.id, favorite: true } }])).json().results[0]).toEqual(first);
  });

  it('keeps the old behaviour for answers stored before payloads were hashed', async () => {
    const me = await newUser();
    const [e1, e2] = [await createEvent(server.app.db), await createEvent(server.app.db)];
    const id = cmdId('legacy');
    const first = (await post(me.token, [{ id, kind: 'event.favorite', payload: { event_id: e1.id, favorite: true } }])).json().results[0];
    await server.app.db.updateTable('commands').set({ payload_hash: null }).where('user_id', '=', me.id).where('id', '=', id).execute();
    expect((await post(me.token, [{ id, kind: 'event.favorite', payload: { event_id: e2.id, favorite: true } }])).json().results[0]).toEqual(first);
  });

  it('refuses a rejected id reused with another payload too', async () => {
    const me = await newUser();
    const id = cmdId('rejected');
    expect((await post(me.token, [{ id, kind: 'event.favorite', payload: { event_id: 999_999, favorite: true } }])).json().results[0]).toMatchObject({
      code: 'event_not_found',
    });
    const e = await createEvent(server.app.db);
    expect((await post(me.token, [{ id, kind: 'event.favorite', payload: { event_id: e.id, favorite: true } }])).json().results[0]).toEqual({
      id,
      status: 'rejected',
      code: 'command_id_reused',
    });
  });
});

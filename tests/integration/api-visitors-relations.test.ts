import { describe, expect, it } from 'vitest';
import type { CommandResult } from '../../contract/commands.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../server/domain/effects.ts';
import { s, auth, get, post, type TestUser, newUser, setUser, snapshot, serveVisitorsFiles, relationRow } from './api-visitors-helpers.ts';

serveVisitorsFiles();

describe('favorites and likes', () => {
  it("toggles a favorite with GET, sets it with POST, and announces it to the user's devices", async () => {
    const me = await newUser();
    const other = await newUser();
    const hints: ChangeHint[] = [];
    const off = s.app.bus.subscribe(HINTS_CHANNEL, (m) => hints.push(m as ChangeHint));
    const url = `/api/visitors/set-favorite/${other.id}`;
    const seq = [];
    for (let i = 0; i < 3; i++) seq.push((await get(url, me.token)).body.data.result);
    expect(seq).toEqual([true, false, true]);
    expect((await post(url, { favorite: false }, me.token)).body.data).toEqual({ result: false, favorite: false });
    expect((await post(url, { favorite: false }, me.token)).body.data.result).toBe(false);
    expect((await post(url, undefined, me.token)).body.data.result).toBe(true);
    const row = await relationRow(me, other);
    expect(row.favorite).toBe(true);
    await new Promise((r) => setImmediate(r));
    off();
    // relations is user-scoped: the hint goes to the user's own devices only.
    expect(hints).toContainEqual({ collections: ['relations'], userIds: [me.id] });

    const cross = await get(url, me.token, { 'sec-fetch-site': 'cross-site' });
    expect(cross.body).toMatchObject({ status_code: 403, error: 'forbidden' });
    expect((await get(url)).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await get(`/api/visitors/set-favorite/${me.id}`, me.token)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    // An id that names nobody answers like any other (see 'answer alike' below); nothing is stored for it.
    expect((await get('/api/visitors/set-favorite/999999', me.token)).body).toMatchObject({ status_code: 200, data: { result: true, favorite: true } });
    expect((await post(url, { favorite: 'maybe' }, me.token)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    const after = await relationRow(me, other);
    expect(after).toEqual(row);
  });

  it('stores likes with 3 for a like returned, on both sides', async () => {
    const a = await newUser();
    const b = await newUser();
    const like = (from: TestUser, to: TestUser, status: number) => post('/api/user/like-user', { to_user_id: to.id, status }, from.token);
    const stored = async (from: TestUser, to: TestUser) =>
      (await s.app.db.selectFrom('user_relations').select('like_status').where('user_id', '=', from.id).where('target_user_id', '=', to.id).executeTakeFirst())
        ?.like_status;
    expect((await like(a, b, 2)).body.data).toEqual({ result: true, like_status: 2 });
    expect(await stored(a, b)).toBe(2);
    expect((await like(b, a, 2)).body.data.like_status).toBe(3);
    expect(await stored(a, b)).toBe(3);
    expect((await like(a, b, 1)).body.data.like_status).toBe(1);
    expect(await stored(b, a)).toBe(2);
    expect((await like(a, b, 2)).body.data.like_status).toBe(3);
    expect(await stored(b, a)).toBe(3);

    const before = await snapshot();
    for (const [payload, error] of [
      [{ to_user_id: b.id, status: 3 }, 'invalid_input'],
      [{ to_user_id: b.id, status: 0 }, 'invalid_input'],
      [{ to_user_id: a.id, status: 2 }, 'invalid_input'],
      [{ to_user_id: b.id }, 'invalid_input'],
      ['{"to_user_id": 1, "status": 2, "__proto__": {"admin": true}}', 'invalid_input'],
    ] as const) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/user/like-user',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { ...auth(a.token), 'content-type': 'application/json' },
      });
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ status_code: 400, error });
    }
    expect(await snapshot()).toEqual(before);
    expect((await post('/api/user/like-user', { to_user_id: b.id, status: 2 })).body).toMatchObject({ status_code: 403, error: 'auth_required' });
  });
});

describe('visitor commands through POST /sync/v1/commands', () => {
  const send = (token: string, commands: unknown[]) => s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(token), payload: { commands } });
  const at = () => new Date().toISOString();

  it('applies visitor.like and visitor.favorite once however often they are replayed', async () => {
    const me = await newUser();
    const other = await newUser();
    const like = { id: `like-${me.id}-000001`, kind: 'visitor.like', payload: { user_id: other.id, status: 2 }, occurredAt: at() };
    const fav = { id: `fav-${me.id}-0000001`, kind: 'visitor.favorite', payload: { user_id: other.id, favorite: true }, occurredAt: at() };
    const first = (await send(me.token, [like, fav])).json();
    expect(first.results).toEqual([
      { id: like.id, status: 'applied', ids: [String(other.id)] },
      { id: fav.id, status: 'applied', ids: [String(other.id)] },
    ]);
    const row = await relationRow(me, other);
    expect(row).toMatchObject({ like_status: 2, favorite: true });
    // The legacy toggle flips it off in between; replaying the command must not turn it back on.
    await get(`/api/visitors/set-favorite/${other.id}`, me.token);
    for (let i = 0; i < 2; i++) expect((await send(me.token, [like, fav])).json()).toEqual(first);
    const after = await relationRow(me, other);
    expect(after).toMatchObject({ like_status: 2, favorite: false });
    const stored = await s.app.db.selectFrom('commands').select('id').where('user_id', '=', me.id).execute();
    expect(stored).toHaveLength(2);
  });

  it('rejects bad visitor commands with a code and changes nothing', async () => {
    const me = await newUser();
    const other = await newUser();
    const before = await snapshot();
    const res = (
      await send(me.token, [
        { id: 'bad-like-status-1', kind: 'visitor.like', payload: { user_id: other.id, status: 3 }, occurredAt: at() },
        { id: 'bad-like-self-001', kind: 'visitor.like', payload: { user_id: me.id, status: 2 }, occurredAt: at() },
        { id: 'bad-fav-extra-001', kind: 'visitor.favorite', payload: { user_id: other.id, favorite: true, like_status: 3 }, occurredAt: at() },
      ])
    ).json();
    expect(res.results.map((r: CommandResult) => r.code)).toEqual(['invalid_input', 'invalid_input', 'invalid_input']);
    const after = await snapshot();
    expect(after.relations).toEqual(before.relations);
    expect(after.users).toEqual(before.users);
  });

  it('answer alike for a hidden, a disabled, a deleted and a missing person, so the answer tells no id apart', async () => {
    const me = await newUser();
    const open = await newUser();
    const hidden = await newUser({}, { hide_from_visitors: true });
    const disabled = await newUser();
    const deleted = await newUser();
    await setUser(disabled.id, { disabled: true });
    await setUser(deleted.id, { deleted: true });
    const newest = await s.app.db.selectFrom('users').select(s.app.db.fn.max('id').as('id')).executeTakeFirstOrThrow();
    const missing = Number(newest.id) + 1000;
    const answers: Pick<CommandResult, 'status' | 'code' | 'ids'>[] = [];
    for (const target of [open.id, hidden.id, disabled.id, deleted.id, missing]) {
      const res = (
        await send(me.token, [
          { id: `alike-like-${me.id}-${target}`, kind: 'visitor.like', payload: { user_id: target, status: 2 }, occurredAt: at() },
          { id: `alike-fav-${me.id}-${target}`, kind: 'visitor.favorite', payload: { user_id: target, favorite: true }, occurredAt: at() },
        ])
      ).json();
      answers.push(...res.results.map((r: CommandResult) => ({ status: r.status, code: r.code, ids: r.ids })));
      const legacy = (await post('/api/user/like-user', { to_user_id: target, status: 2 }, me.token)).body;
      expect(legacy, String(target)).toMatchObject({ status_code: 200, data: { result: true, like_status: 2 } });
    }
    const expected = (id: number) => [
      { status: 'applied', ids: [String(id)] },
      { status: 'applied', ids: [String(id)] },
    ];
    expect(answers).toEqual([open.id, hidden.id, disabled.id, deleted.id, missing].flatMap(expected));
    // What is recorded: the person's row for every account, nothing for an id that names nobody.
    const rows = await s.app.db
      .selectFrom('user_relations')
      .select(['target_user_id', 'like_status', 'favorite'])
      .where('user_id', '=', me.id)
      .orderBy('target_user_id')
      .execute();
    expect(rows).toEqual([open.id, hidden.id, disabled.id, deleted.id].map((id) => ({ target_user_id: id, like_status: 2, favorite: true })));
  });
});

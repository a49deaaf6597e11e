import { describe, expect, it } from 'vitest';
import { SessionCache } from '../../server/plugins/session-cache.ts';
import { HINTS_CHANNEL, SESSIONS_CHANNEL } from '../../server/domain/effects.ts';

/** The rules of the session cache that two instances cannot show reliably: races and the clock. */

const user = (id: number) => ({ id, email: `u${id}@x`, first_name: 'A', last_name: 'B', email_verified: true });

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('SessionCache', () => {
  it('answers from memory within its time and asks again after it', async () => {
    let now = 1000;
    const cache = new SessionCache(5000, 100, () => now);
    let loads = 0;
    const load = async () => {
      loads++;
      return user(1);
    };
    await cache.user('a', load);
    now += 4999;
    await cache.user('a', load);
    expect(loads).toBe(1);
    now += 2;
    await cache.user('a', load);
    expect(loads).toBe(2);
  });

  it('does not keep a lookup that was running when the session ended', async () => {
    const cache = new SessionCache(60_000);
    const slow = deferred<ReturnType<typeof user>>();
    const running = cache.user('a', () => slow.promise);
    cache.heard(SESSIONS_CHANNEL, { userId: 1, session: 'a' });
    slow.resolve(user(1));
    await running;
    let asked = false;
    const load = async () => {
      asked = true;
      return undefined;
    };
    expect(await cache.user('a', load)).toBeUndefined();
    expect(asked).toBe(true);
  });

  it("forgets one session, or every session of a user, and leaves other users' alone", async () => {
    const cache = new SessionCache(60_000);
    for (const [key, id] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ] as const)
      await cache.user(key, async () => user(id));
    const gone = async (key: string) => (await cache.user(key, async () => undefined)) === undefined;
    cache.heard(SESSIONS_CHANNEL, { userId: 1, session: 'a' });
    expect(await gone('a')).toBe(true);
    expect(await gone('b')).toBe(false);
    cache.heard(SESSIONS_CHANNEL, { userId: 1 });
    expect(await gone('b')).toBe(true);
    expect(await gone('c')).toBe(false);
  });

  it("empties a user's memo on a hint naming them, and only theirs", async () => {
    const cache = new SessionCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    await cache.memo(1).get('v', load);
    await cache.memo(2).get('v', load);
    cache.heard(HINTS_CHANNEL, { collections: ['my_events'], userIds: [1] });
    cache.heard(HINTS_CHANNEL, { collections: ['events'] });
    expect(await cache.memo(1).get('v', load)).toBe(3);
    expect(await cache.memo(2).get('v', load)).toBe(2);
  });

  it('stays within its size', async () => {
    const cache = new SessionCache(60_000, 10);
    for (let i = 0; i < 50; i++) await cache.user(`k${i}`, async () => user(i));
    let asked = 0;
    const ask = (n: number) => async () => {
      asked++;
      return user(n);
    };
    await cache.user('k0', ask(0));
    await cache.user('k49', ask(49));
    expect(asked).toBe(1);
  });

  it('asks every time when its time is 0', async () => {
    const cache = new SessionCache(0);
    let loads = 0;
    const load = async () => {
      loads++;
      return user(1);
    };
    await cache.user('a', load);
    await cache.user('a', load);
    await cache.memo(1).get('v', async () => loads++);
    await cache.memo(1).get('v', async () => loads++);
    expect(loads).toBe(4);
  });
});

import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSyncHost } from '../../workers/host.ts';
import type { AnswerBatch, QueryAnswer } from '../../workers/answers.ts';
import type { SessionDoc } from '../../sync/engine/session.ts';

/**
 * The host that holds the device's database in the sync worker (workers/host.ts), driven here in
 * the test's realm through the same calls the page makes over comlink: the page names its reads
 * (queries.ts) and writes (actions.ts) and never opens the database itself (issue 13).
 */

const host = createSyncHost();
// A closed port: the engine of the leading host finds no server and stays offline.
const OPTIONS = { baseUrl: 'http://127.0.0.1:9', lang: 'en' };
let dbName = '';

afterEach(async () => {
  await host.stop(true);
});

/**
 * The page's side of the answers line (src/data/device.ts), without a MessageChannel: the host
 * posts batches of [id, answer] to whatever sink it was handed.
 */
const handlers = new Map<number, (a: QueryAnswer) => void>();
let nextId = 1;

async function start() {
  dbName = `host-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await host.start({ ...OPTIONS, dbName });
  await host.openAnswers({
    postMessage(batch: AnswerBatch) {
      for (const [id, a] of batch) handlers.get(id)?.(a);
    },
  });
}

/** Subscribes to a query and resolves with the first answer that passes `accept`. */
function answer<T>(name: Parameters<typeof host.subscribeQuery>[1], args: unknown[], accept: (value: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    handlers.set(id, (a: QueryAnswer) => {
      if (a.error !== undefined) reject(new Error(a.error));
      else if (accept(a.value as T)) {
        handlers.delete(id);
        void host.unsubscribeQuery(id);
        resolve(a.value as T);
      }
    });
    host.subscribeQuery(id, name, args).catch(reject);
  });
}

const USER = { id: 41, email: 'olena@example.test', first_name: 'Olena', last_name: 'Koval' };

describe('the sync host', () => {
  it('answers named queries live and runs named writes', async () => {
    await start();
    expect((await answer<SessionDoc>('session', [])).user).toBeNull();

    const signedIn = answer<SessionDoc>('session', [], (s) => s.user?.id === USER.id);
    await host.call('writeSession', [USER]);
    expect((await signedIn).ownerId).toBe(USER.id);

    const queued = answer<number>('unsentCount', [], (n) => n === 1);
    const id = await host.call('enqueue', ['event.favorite', { event_id: 3, favorite: true }]);
    expect(typeof id).toBe('string');
    expect(await queued).toBe(1);
  });

  it('refuses a command from a guest, and names it cannot know', async () => {
    await start();
    await expect(host.call('enqueue', ['event.favorite', { event_id: 3, favorite: true }])).rejects.toThrow('auth_required');
    await expect(host.call('noSuchAction' as never, [])).rejects.toThrow('no such action');
    await expect(host.subscribeQuery(nextId++, 'noSuchQuery' as never, [])).rejects.toThrow('no such query');
  });

  it('deletes the database on a stop that removes it, so the next start is a fresh guest', async () => {
    await start();
    await host.call('writeSession', [USER]);
    await host.stop(true);
    await host.start({ ...OPTIONS, dbName });
    expect((await answer<SessionDoc>('session', [])).user).toBeNull();
  });

  it('keeps every query of the registry answerable on an empty device', async () => {
    await start();
    const { QUERIES } = await import('../../workers/queries.ts');
    const args: Record<string, unknown[]> = { cache: ['friends'], daySlots: [1, 2, '2026-11-27'], person: [2], dialog: [2], localPeople: ['allVisitors', 16] };
    for (const name of Object.keys(QUERIES) as (keyof typeof QUERIES)[]) {
      const value = await answer<unknown>(name, args[name] ?? [1]);
      // What crosses to the page must survive a structured clone (no documents, no functions).
      expect(() => structuredClone(value), name).not.toThrow();
    }
  });
});

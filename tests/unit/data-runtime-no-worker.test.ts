import { describe, expect, it } from 'vitest';
import { DataRuntime } from '../../src/data/runtime.ts';

/**
 * The page never opens the database itself (issue 13): without a sync worker it has no local data,
 * and it says so rather than loading forever or loading RxDB into the page.
 */

const settled = (runtime: DataRuntime) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (runtime.session.get().status === 'ready') resolve();
    };
    runtime.session.subscribe(check);
    check();
  });

describe('the page without a sync worker', () => {
  it('shows an empty guest, says the local data is unavailable, and refuses writes', async () => {
    const runtime = new DataRuntime({ createWorker: () => null });
    runtime.start();
    await settled(runtime);

    expect(runtime.session.get()).toEqual({ status: 'ready', user: null });
    expect(runtime.views.get()).toEqual({ loading: false, value: [] });
    expect(runtime.sync.get().state).toBe('error');
    expect(runtime.sync.get().error?.code).toBe('local_database_unavailable');
    await expect(runtime.enqueue('event.favorite', { event_id: 3, favorite: true })).rejects.toThrow('runs no workers');
    await runtime.stop();
  });
});

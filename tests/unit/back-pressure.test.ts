import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerBackPressure } from '../../server/plugins/back-pressure.ts';

/** The pool rule alone, on a bare Fastify: the database's queue age is whatever the test says. */
function appWithPool(waited: () => number | null, shedPoolWaitMs = 500) {
  const app = Fastify();
  const pressure = registerBackPressure(app, { maxInFlight: 100, shedPoolWaitMs, retryAfterS: 2, poolWaitMs: waited });
  app.get('/sync/v1/events/pull', async () => ({ documents: [] }));
  app.get('/api/events/events-list', async () => ({ status_code: 200, data: [] }));
  app.get('/healthz', async () => ({ status: 'ok' }));
  return { app, pressure };
}

describe('shedding on the database queue', () => {
  it('refuses new requests while the oldest pool waiter has waited too long, and admits them again after', async () => {
    let waited = 800;
    const { app, pressure } = appWithPool(() => waited);
    const refused = await app.inject('/sync/v1/events/pull');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    const legacy = await app.inject('/api/events/events-list');
    expect([legacy.statusCode, legacy.json().status_code]).toEqual([200, 503]);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect(pressure.shed.pool).toBe(2);

    waited = 100;
    expect((await app.inject('/sync/v1/events/pull')).statusCode).toBe(200);
    expect(pressure.inFlight()).toBe(0);
    await app.close();
  });

  it('has no pool rule without a pool (the embedded database) or when turned off', async () => {
    for (const { app } of [appWithPool(() => null), appWithPool(() => 10_000, 0)]) {
      expect((await app.inject('/sync/v1/events/pull')).statusCode).toBe(200);
      await app.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createEvent } from '../fixtures/factories.ts';

/** Sync pages are the biggest thing a venue network carries; they must travel compressed. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  for (let i = 0; i < 20; i++) await createEvent(s.app.db, { name: `Compressible event number ${i}` });
});
afterAll(async () => s?.close());

describe('response compression', () => {
  it('compresses a pull page for clients that accept it and leaves it plain for those that do not', async () => {
    const plain = await s.app.inject({ url: '/sync/v1/events/pull?checkpoint=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await s.app.inject({ url: '/sync/v1/events/pull?checkpoint=0', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const br = await s.app.inject({ url: '/sync/v1/events/pull?checkpoint=0', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });
});

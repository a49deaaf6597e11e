import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestDatabase } from '../fixtures/db.ts';
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

describe('the built app', () => {
  it('serves the precompressed copies scripts/precompress.ts writes, and the plain file to others', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-dist-'));
    const script = `export const greeting = ${JSON.stringify('Вітаємо на події! '.repeat(400))};\n`;
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Foyer</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), script);
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/precompress.ts', dist]);
    const br = fs.readFileSync(path.join(dist, 'assets', 'main-abc123.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(script);

    const database = await createTestDatabase();
    const config = { ...loadConfig({ DATA_DIR: '.tmp/test-data', SEED: 'none' }), distDir: dist };
    const app = await buildApp({ config, database });
    try {
      const url = '/assets/main-abc123.js';
      const asBr = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(asBr.headers['content-encoding']).toBe('br');
      // The build's quality-11 bytes, not a second on-the-fly compression.
      expect(asBr.rawPayload.equals(br)).toBe(true);
      expect(asBr.headers['cache-control']).toContain('immutable');
      const asGz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(asGz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(asGz.rawPayload).toString()).toBe(script);
      const plain = await app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await app.close();
      await database.dispose();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

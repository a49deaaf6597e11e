import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { PageCache } from '../../server/domain/feed/page-cache.ts';
import Fastify from 'fastify';
import { precompressed, registerCompression } from '../../server/plugins/compression.ts';

const page = (text: string, version: string) => async () => ({ text, version, count: 1, lastRev: 1 });

describe('PageCache', () => {
  it('answers a kept page only at the version it was read at', async () => {
    const cache = new PageCache(1024 * 1024);
    let builds = 0;
    const build = (text: string, version: string) => () => {
      builds++;
      return page(text, version)();
    };
    const a = await cache.get('k', '5', build('five', '5'));
    expect(await cache.get('k', '5', build('never', '5'))).toBe(a);
    expect(builds).toBe(1);
    const b = await cache.get('k', '6', build('six', '6'));
    expect(b.text).toBe('six');
    expect(builds).toBe(2);
    // An older version asked late (a pull that read the version before the write) is built, not answered by six.
    const old = await cache.get('k', '5', build('five again', '5'));
    expect(old.text).toBe('five again');
    // ...and does not push the newer page out.
    expect((await cache.get('k', '6', build('never', '6'))).text).toBe('six');
  });

  it('builds a page once for concurrent askers of one version', async () => {
    const cache = new PageCache(1024 * 1024);
    let builds = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const build = async () => {
      builds++;
      await gate;
      return { text: 'x', version: '1', count: 1, lastRev: 1 };
    };
    const both = Promise.all([cache.get('k', '1', build), cache.get('k', '1', build)]);
    release();
    const [x, y] = await both;
    expect(x).toBe(y);
    expect(builds).toBe(1);
  });

  it('keeps compressed bytes with the page and stays within its size, least recently used first', async () => {
    const cache = new PageCache(250);
    const a = await cache.get('a', '1', page('a'.repeat(100), '1'));
    let compressions = 0;
    const squeeze = (text: string) => {
      compressions++;
      return Buffer.from(text.slice(0, 10));
    };
    expect(cache.encoded(a, 'br', squeeze).length).toBe(10);
    cache.encoded(a, 'br', squeeze);
    expect(compressions).toBe(1);
    await cache.get('b', '1', page('b'.repeat(100), '1'));
    await cache.get('a', '1', page('never', '1'));
    await cache.get('c', '1', page('c'.repeat(100), '1'));
    expect(cache.size).toBe(2);
    // b was the least recently used.
    expect((await cache.get('b', '1', page('b rebuilt', '1'))).text).toBe('b rebuilt');
  });
});

describe('precompressed', () => {
  const ask = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
  const big = 'x'.repeat(2000);
  it('picks what @fastify/compress would for the same request', () => {
    expect(precompressed(ask({ 'accept-encoding': 'gzip, deflate, br, zstd' }), big)).toBe('br');
    expect(precompressed(ask({ 'accept-encoding': 'gzip' }), big)).toBe('gzip');
    expect(precompressed(ask({ 'accept-encoding': 'br;q=0.5, gzip' }), big)).toBe('gzip');
    expect(precompressed(ask({ 'accept-encoding': 'br;q=0, gzip;q=0' }), big)).toBeUndefined();
    expect(precompressed(ask({ 'accept-encoding': '*' }), big)).toBe('gzip');
    expect(precompressed(ask({ 'accept-encoding': 'identity' }), big)).toBeUndefined();
    expect(precompressed(ask({}), big)).toBeUndefined();
    expect(precompressed(ask({ 'accept-encoding': 'br', 'x-no-compression': '1' }), big)).toBeUndefined();
    expect(precompressed(ask({ 'accept-encoding': 'br' }), 'small')).toBeUndefined();
  });

  it('agrees with the plugin on every header, as the plugin answers them', async () => {
    const app = Fastify();
    await registerCompression(app);
    app.get('/big', async (_request, reply) => reply.type('application/json').send(JSON.stringify({ big })));
    const headers = [
      'gzip, deflate, br, zstd',
      'x-gzip',
      'X-GZIP;q=0.5, br;q=0.4',
      '*',
      '*;q=0.5, br;q=0.6',
      'BR',
      'deflate',
      'br;q=0.5, gzip;q=0.5',
      'gzip;q=0, *',
    ];
    for (const header of headers) {
      const res = await app.inject({ url: '/big', headers: { 'accept-encoding': header } });
      expect(precompressed(ask({ 'accept-encoding': header }), big), header).toBe(res.headers['content-encoding']);
    }
    await app.close();
  });
});

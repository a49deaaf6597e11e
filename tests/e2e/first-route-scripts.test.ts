import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST_DIR, assertBuilt } from './fixtures/server.ts';

/**
 * What the built page runs before its first screen: the scripts index.html names (the first
 * route's chunk and rolldown's runtime) and any it preloads with them (their static imports). The page reads and writes through the sync worker, so
 * the database and the schema library belong to the worker's bundle only; the contract's modules,
 * which the page imports for their constants, build TypeBox schemas that the build must leave out
 * (vite.config.ts, treeshake). A bare source check cannot see that: the imports are there, the
 * code must not be.
 */

function firstRouteScripts(): { file: string; code: string }[] {
  const html = fs.readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  return urls.map((u) => ({ file: u, code: fs.readFileSync(path.join(DIST_DIR, u), 'utf8') }));
}

describe('the first route’s scripts', () => {
  it('are the first route’s chunk and what index.html loads with it, and none carries TypeBox, RxDB or Dexie', () => {
    assertBuilt();
    const scripts = firstRouteScripts();
    // The first route's own chunk (vite.config.ts codeSplitting), beside rolldown's runtime.
    expect(scripts.some((s) => /\/assets\/first-[\w-]+\.js$/.test(s.file))).toBe(true);
    const carrying = (marker: string) => scripts.filter((s) => s.code.includes(marker)).map((s) => s.file);
    // Markers each library's own code defines: TypeBox's kind symbol, RxDB's and Dexie's names.
    expect(carrying('TypeBox.Kind')).toEqual([]);
    expect(carrying('RxDatabase')).toEqual([]);
    expect(carrying('DexieError')).toEqual([]);
  });

  it('the markers are found where the libraries are: the sync worker', () => {
    const worker = fs.readdirSync(path.join(DIST_DIR, 'assets')).filter((f) => /^sync\.worker-[\w-]+\.js$/.test(f));
    expect(worker).toHaveLength(1);
    const code = fs.readFileSync(path.join(DIST_DIR, 'assets', worker[0] ?? ''), 'utf8');
    expect(code).toContain('TypeBox.Kind');
    expect(code).toContain('RxDatabase');
    expect(code).toContain('DexieError');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST_DIR, assertBuilt } from './fixtures/server.ts';

/**
 * What the built page runs before its first screen: the entry script and the chunks index.html
 * preloads with it (its static imports). The page reads and writes through the sync worker, so
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
  it('are the entry and its preloads, and none carries TypeBox, RxDB or Dexie', () => {
    assertBuilt();
    const scripts = firstRouteScripts();
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.some((s) => /\/assets\/index-[\w-]+\.js$/.test(s.file))).toBe(true);
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

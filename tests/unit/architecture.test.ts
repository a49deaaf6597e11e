import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { edges, files, graphOf, importCycles, imports, OURS, rel, ROOT, target } from './architecture-graph.ts';

/**
 * The import rules of ARCHITECTURE.md, checked on every run: contract/ imports nothing of ours;
 * server/ and sync/ import only contract/ besides themselves; workers/ imports sync/ and contract/;
 * screens (src/features, src/ui) never touch sync/, workers/ or rxdb — only src/data does.
 */
const RULES: { from: string; allowOurs: string[]; forbidPackages?: string[] }[] = [
  { from: 'contract', allowOurs: ['contract'] },
  // The server reads the error texts of locales/ (JSON only) to answer the specs' clients in their `lang`.
  { from: 'server', allowOurs: ['server', 'contract', 'locales'] },
  { from: 'sync', allowOurs: ['sync', 'contract'] },
  { from: 'workers', allowOurs: ['workers', 'sync', 'contract'] },
  { from: 'src/features', allowOurs: ['src/features', 'src/ui', 'src/data', 'src/app', 'contract', 'locales'], forbidPackages: ['rxdb', 'dexie', 'comlink'] },
  { from: 'src/ui', allowOurs: ['src/ui', 'src/data', 'contract', 'locales'], forbidPackages: ['rxdb', 'dexie', 'comlink'] },
  { from: 'src/app', allowOurs: ['src/app', 'src/features', 'src/ui', 'src/data', 'contract', 'locales'], forbidPackages: ['rxdb', 'dexie'] },
];

describe('import rules', () => {
  for (const rule of RULES) {
    it(`${rule.from} imports only what it may`, () => {
      const bad: string[] = [];
      for (const file of files(rule.from)) {
        for (const spec of imports(file)) {
          const t = target(file, spec);
          const isOurs = OURS.includes(t.split('/')[0]!) || t === 'locales' || t.startsWith('src/');
          if (isOurs && !rule.allowOurs.includes(t) && !(t === 'src' && rule.from.startsWith('src'))) bad.push(`${path.relative(ROOT, file)} -> ${spec}`);
          if (!isOurs && rule.forbidPackages?.includes(t)) bad.push(`${path.relative(ROOT, file)} -> ${spec}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }

  it('the checker sees a forbidden import', () => {
    const fake = path.join(ROOT, 'src/features/x/y.ts');
    expect(target(fake, '../../../sync/outbox.ts')).toBe('sync');
    expect(target(fake, 'rxdb/plugins/core')).toBe('rxdb');
    expect(target(path.join(ROOT, 'contract/a.ts'), '../server/app.ts')).toBe('server');
  });
});

// The client's own boundaries ---------------------------------------------------------------------

/** The feature folder a file belongs to, or null outside src/features. */
function featureOf(file: string): string | null {
  const m = /^src\/features\/([^/]+)\//.exec(file);
  return m?.[1] ?? null;
}

/** Client files outside src/data that reach the sync layer or the workers directly. */
function dataLayerViolations(list: { file: string; target: string }[]): string[] {
  return list
    .filter(({ file, target }) => file.startsWith('src/') && !file.startsWith('src/data/') && /^(sync|workers)\//.test(target))
    .map(({ file, target }) => `${file} -> ${target}`);
}

/** Imports from one feature into another: features meet only through src/ui and src/data. */
function crossFeatureImports(list: { file: string; target: string }[]): string[] {
  return list
    .filter(({ file, target }) => {
      const from = featureOf(file);
      const to = featureOf(target);
      return from !== null && to !== null && from !== to;
    })
    .map(({ file, target }) => `${file} -> ${target}`);
}

/**
 * Debt written down so that it can only shrink: feature imports across features and import cycles.
 * Both lists are empty now (a screen shows another feature's widget through ui/widgets.ts; the area
 * stores live in src/data/stores/, which the runtime builds and which never import the hooks); an
 * entry added here has to say why it cannot be done the same way.
 */
const KNOWN_CROSS_FEATURE: string[] = [];

/**
 * The sync engine (sync/engine) knows no area: what an area keeps (its caches, its run tasks) is
 * declared beside its views and handed to the engine by the worker (workers/caches.ts).
 */
function engineAreaImports(list: { file: string; target: string }[]): string[] {
  return list
    .filter(({ file, target }) => file.startsWith('sync/engine/') && target.startsWith('sync/views/'))
    .map(({ file, target }) => `${file} -> ${target}`);
}
const KNOWN_CYCLES: string[][] = [];

describe('client boundaries', () => {
  const client = edges(['src']);

  it('only src/data imports sync/ and workers/', () => {
    expect(dataLayerViolations(client)).toEqual([]);
  });

  it('the sync engine imports no area of sync/views', () => {
    expect(engineAreaImports(edges(['sync']))).toEqual([]);
    expect(engineAreaImports([{ file: 'sync/engine/engine.ts', target: 'sync/views/chat/history.ts' }])).toHaveLength(1);
  });

  it('features do not import each other', () => {
    expect(crossFeatureImports(client).sort()).toEqual([...KNOWN_CROSS_FEATURE].sort());
  });

  it('has no import cycles anywhere', () => {
    const cycles = importCycles(graphOf(['src', 'sync', 'workers', 'server', 'contract']));
    expect(cycles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''))).toEqual([...KNOWN_CYCLES].sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? '')));
  });

  it('the checkers see what they look for', () => {
    expect(dataLayerViolations([{ file: 'src/features/a/B.tsx', target: 'sync/engine/outbox.ts' }])).toHaveLength(1);
    expect(dataLayerViolations([{ file: 'src/ui/B.tsx', target: 'workers/api.ts' }])).toHaveLength(1);
    expect(dataLayerViolations([{ file: 'src/data/runtime.ts', target: 'sync/engine/outbox.ts' }])).toEqual([]);
    expect(crossFeatureImports([{ file: 'src/features/a/B.tsx', target: 'src/features/c/D.tsx' }])).toHaveLength(1);
    expect(crossFeatureImports([{ file: 'src/features/a/B.tsx', target: 'src/features/a/x/D.tsx' }])).toEqual([]);
    expect(crossFeatureImports([{ file: 'src/features/a/B.tsx', target: 'src/ui/Modal.tsx' }])).toEqual([]);
  });
});

/**
 * The modules the page loads at run time, from its entry: value imports and dynamic imports, not
 * `import type` (erased) and not `new URL(…)` (a worker, which is its own bundle). Answers each
 * module with the packages it imports.
 */
function pageRuntimeModules(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (file: string) => {
    const key = rel(file);
    if (found.has(key)) return;
    const text = fs.readFileSync(file, 'utf8');
    const specs: string[] = [];
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g))
      specs.push(m[1] ?? m[2]!);
    found.set(
      key,
      specs.filter((s) => !s.startsWith('.')),
    );
    for (const s of specs.filter((x) => x.startsWith('.'))) {
      const abs = path.resolve(path.dirname(file), s);
      if (/\.(ts|tsx)$/.test(abs) && fs.existsSync(abs)) visit(abs);
    }
  };
  visit(path.join(ROOT, entry));
  return found;
}

describe('the page', () => {
  it('never loads RxDB or Dexie: the sync worker holds the database (issue 13)', () => {
    const modules = pageRuntimeModules('src/main.tsx');
    expect(modules.size).toBeGreaterThan(100);
    const bad = [...modules].flatMap(([file, packages]) => packages.filter((p) => /^(rxdb|dexie)(\/|$)/.test(p)).map((p) => `${file} -> ${p}`));
    expect(bad).toEqual([]);
  });

  it('the check sees a page module that imports RxDB', () => {
    const modules = pageRuntimeModules('workers/sync.worker.ts');
    expect([...modules.values()].flat()).toContain('rxdb');
  });
});

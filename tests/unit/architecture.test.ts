import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of ARCHITECTURE.md, checked on every run: contract/ imports nothing of ours;
 * server/ and sync/ import only contract/ besides themselves; workers/ imports sync/ and contract/;
 * screens (src/features, src/ui) never touch sync/, workers/ or rxdb — only src/data does.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const OURS = ['contract', 'server', 'sync', 'workers', 'src'];

function files(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|new URL\(\s*['"]([^'"]+)['"]/g)) {
    found.push(m[1] ?? m[2] ?? m[3]!);
  }
  return found;
}

/** The top-level area an import lands in: one of ours, or the package name. */
function target(file: string, spec: string): string {
  if (spec.startsWith('.')) {
    const rel = path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep);
    if (rel[0] === 'src' && rel[1]) return `src/${rel[1]}`;
    return rel[0]!;
  }
  return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
}

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

// The server's own layers -----------------------------------------------------------------------

/** Our files an import lands on, relative to the root; packages and assets are left out. */
function localImports(file: string): { spec: string; target: string }[] {
  return imports(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => ({
      spec,
      target: path
        .relative(ROOT, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/'),
    }))
    .filter((i) => /\.(ts|tsx)$/.test(i.target));
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/**
 * routes -> domain -> db. db/ is the bottom: it imports none of the layers above it. domain/ is
 * the rules and never reaches up to the HTTP or socket edge. realtime/ serves sockets from the
 * domain and never borrows from the routes. mail/ is infrastructure beside db/: it sends and words
 * mails and knows nothing of the areas that write them. What each folder may not import:
 */
const SERVER_LAYERS: { from: string; forbid: string[] }[] = [
  {
    from: 'server/db/',
    forbid: ['server/domain/', 'server/routes/', 'server/realtime/', 'server/plugins/', 'server/limits/', 'server/app.ts', 'server/main.ts'],
  },
  { from: 'server/domain/', forbid: ['server/routes/', 'server/realtime/', 'server/plugins/', 'server/limits/', 'server/app.ts', 'server/main.ts'] },
  {
    from: 'server/mail/',
    forbid: ['server/db/', 'server/domain/', 'server/routes/', 'server/realtime/', 'server/plugins/', 'server/limits/', 'server/app.ts', 'server/main.ts'],
  },
  { from: 'server/realtime/', forbid: ['server/routes/', 'server/app.ts', 'server/main.ts'] },
  { from: 'server/plugins/', forbid: ['server/routes/', 'server/realtime/', 'server/app.ts', 'server/main.ts'] },
  { from: 'server/limits/', forbid: ['server/routes/', 'server/domain/', 'server/app.ts', 'server/main.ts'] },
  { from: 'server/routes/', forbid: ['server/app.ts', 'server/main.ts', 'server/db/index.ts', 'server/db/sql.ts', 'server/db/seed/'] },
];

function layerViolations(list: { file: string; target: string }[]): string[] {
  const bad: string[] = [];
  for (const { file, target } of list) {
    for (const layer of SERVER_LAYERS) {
      if (file.startsWith(layer.from) && layer.forbid.some((f) => target.startsWith(f))) bad.push(`${file} -> ${target}`);
    }
  }
  return bad;
}

/** Every import edge of these folders, as root-relative paths. */
function edges(dirs: string[]): { file: string; target: string }[] {
  return dirs.flatMap((d) => files(d).flatMap((f) => localImports(f).map(({ target }) => ({ file: rel(f), target }))));
}

/**
 * The import cycles of a graph: its strongly connected components of more than one file, or of one
 * file that imports itself (Tarjan's algorithm). Type-only imports count: a cycle of types is still
 * two modules that cannot be understood apart.
 */
function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

function graphOf(dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const d of dirs)
    for (const f of files(d))
      graph.set(
        rel(f),
        localImports(f).map((i) => i.target),
      );
  return graph;
}

/** Where SQL may be written: the db layer, and the repositories of the domain areas. */
const SQL_HOME = /^server\/db\/|(^|\/|-)repository\.ts$/;
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;

/**
 * The domain's areas (server/domain/<area>/) use each other through their services: another area's
 * repository is its own SQL, whose rows and invariants that area keeps (issue 29, step 5). The
 * files directly under server/domain/ (the write runner, effects, the seed) stand above the areas,
 * and so does server/domain/documents/, which composes the replicated documents several areas fill.
 */
const COMPOSING_LAYER = 'documents';

/** The composing layer serves the sync protocol's feed registry; an area that imported it would run in a circle. */
function composedDocumentImports(list: { file: string; target: string }[]): string[] {
  return list
    .filter(({ file, target }) => target.startsWith(`server/domain/${COMPOSING_LAYER}/`) && /^server\/domain\/[^/]+\//.test(file))
    .filter(({ file }) => !file.startsWith(`server/domain/${COMPOSING_LAYER}/`) && !file.startsWith('server/domain/sync/'))
    .map(({ file, target }) => `${file} -> ${target}`);
}

function crossAreaRepositoryImports(list: { file: string; target: string }[]): string[] {
  const areaOf = (p: string) => /^server\/domain\/([^/]+)\/.+$/.exec(p)?.[1] ?? null;
  return list
    .filter(({ file, target }) => {
      const from = areaOf(file);
      const to = areaOf(target);
      // The composing layer stands above the areas: reading their rows is what it is for.
      if (from === COMPOSING_LAYER) return false;
      return from !== null && to !== null && from !== to && /repository\.ts$/.test(target);
    })
    .map(({ file, target }) => `${file} -> ${target}`);
}

/**
 * Written down when the rule came, so that it can only shrink: an area that reads another's rows
 * should ask that area's service instead. Most are reads of an event's row (events/repository.ts)
 * and of accounts and sessions; a new entry is a test failure.
 */
const KNOWN_CROSS_AREA: string[] = [
  'server/domain/accounts/avatar.ts -> server/domain/events/repository.ts',
  'server/domain/accounts/email-change.ts -> server/domain/auth/repository.ts',
  'server/domain/accounts/handoff.ts -> server/domain/auth/repository.ts',
  'server/domain/accounts/removal.ts -> server/domain/auth/repository.ts',
  'server/domain/accounts/removal.ts -> server/domain/events/repository.ts',
  'server/domain/accounts/service.ts -> server/domain/auth/repository.ts',
  'server/domain/admin/invitations.ts -> server/domain/accounts/repository.ts',
  'server/domain/admin/invitations.ts -> server/domain/checkin/repository.ts',
  'server/domain/admin/invitations.ts -> server/domain/companies/admin-repository.ts',
  'server/domain/admin/invitations.ts -> server/domain/events/repository.ts',
  'server/domain/admin/meetings.ts -> server/domain/appointments/repository.ts',
  'server/domain/admin/service.ts -> server/domain/accounts/repository.ts',
  'server/domain/admin/service.ts -> server/domain/events/repository.ts',
  'server/domain/admin/service.ts -> server/domain/orders/types-repository.ts',
  'server/domain/appointments/service.ts -> server/domain/events/repository.ts',
  'server/domain/chat/service.ts -> server/domain/profile/repository.ts',
  'server/domain/checkin/feed.ts -> server/domain/events/repository.ts',
  'server/domain/companies/feed.ts -> server/domain/admin/repository.ts',
  'server/domain/companies/feed.ts -> server/domain/events/repository.ts',
  'server/domain/companies/service.ts -> server/domain/admin/repository.ts',
  'server/domain/messages/service.ts -> server/domain/profile/repository.ts',
  'server/domain/orders/checkout.ts -> server/domain/admin/repository.ts',
  'server/domain/orders/documents.ts -> server/domain/tickets/repository.ts',
  'server/domain/orders/lifecycle.ts -> server/domain/events/repository.ts',
  'server/domain/orders/mail.ts -> server/domain/events/repository.ts',
  'server/domain/orders/service.ts -> server/domain/admin/repository.ts',
  'server/domain/payments/webhooks.ts -> server/domain/orders/repository.ts',
  'server/domain/profile/account.ts -> server/domain/auth/repository.ts',
  'server/domain/profile/account.ts -> server/domain/events/repository.ts',
  'server/domain/profile/service.ts -> server/domain/events/repository.ts',
  'server/domain/referrals/service.ts -> server/domain/events/repository.ts',
  'server/domain/schedule/feed.ts -> server/domain/admin/repository.ts',
  'server/domain/schedule/feed.ts -> server/domain/events/repository.ts',
  'server/domain/tickets/feed.ts -> server/domain/orders/repository.ts',
  'server/domain/tickets/registration.ts -> server/domain/events/repository.ts',
  'server/domain/tickets/registration.ts -> server/domain/orders/types-repository.ts',
  'server/domain/tickets/repository.ts -> server/domain/events/document-repository.ts',
  'server/domain/tickets/service.ts -> server/domain/events/repository.ts',
  'server/domain/trips/service.ts -> server/domain/events/repository.ts',
  'server/domain/visitors/feed.ts -> server/domain/events/repository.ts',
  'server/domain/visitors/service.ts -> server/domain/events/repository.ts',
];

describe('server layers', () => {
  it('routes -> domain -> db: no layer imports one above it', () => {
    expect(layerViolations(edges(['server']))).toEqual([]);
  });

  it('only the write runner opens a write transaction', () => {
    const bad: string[] = [];
    for (const f of [...files('server'), ...files('scripts')]) {
      const text = fs.readFileSync(f, 'utf8');
      const file = rel(f);
      if (/\bwriteTx\b/.test(text) && !['server/db/tx.ts', 'server/domain/write.ts'].includes(file)) bad.push(`${file} uses writeTx`);
      if (/\.transaction\(\)/.test(text) && file !== 'server/db/tx.ts') bad.push(`${file} opens a transaction`);
    }
    expect(bad).toEqual([]);
  });

  it('SQL is written only in repositories and the db layer', () => {
    const bad = [...files('server'), ...files('scripts')].map(rel).filter((f) => !SQL_HOME.test(f) && SQL.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(bad).toEqual([]);
  });

  it('domain areas use each other through services, not repositories', () => {
    expect(crossAreaRepositoryImports(edges(['server/domain'])).sort()).toEqual([...KNOWN_CROSS_AREA].sort());
  });

  it('no area imports the documents composed above the areas; the sync feeds do', () => {
    expect(composedDocumentImports(edges(['server/domain']))).toEqual([]);
  });

  it('has no import cycles in server/ and contract/', () => {
    expect(importCycles(graphOf(['server', 'contract']))).toEqual([]);
  });

  it('the checkers see what they look for', () => {
    expect(layerViolations([{ file: 'server/domain/x/service.ts', target: 'server/routes/api/events.ts' }])).toHaveLength(1);
    expect(layerViolations([{ file: 'server/realtime/sockets/chat.ts', target: 'server/routes/sync/index.ts' }])).toHaveLength(1);
    expect(layerViolations([{ file: 'server/db/seed/index.ts', target: 'server/domain/seed.ts' }])).toHaveLength(1);
    expect(layerViolations([{ file: 'server/routes/api/events.ts', target: 'server/domain/events/service.ts' }])).toEqual([]);
    expect(crossAreaRepositoryImports([{ file: 'server/domain/chat/service.ts', target: 'server/domain/events/repository.ts' }])).toHaveLength(1);
    expect(crossAreaRepositoryImports([{ file: 'server/domain/chat/service.ts', target: 'server/domain/events/service.ts' }])).toEqual([]);
    expect(crossAreaRepositoryImports([{ file: 'server/domain/chat/service.ts', target: 'server/domain/chat/repository.ts' }])).toEqual([]);
    expect(crossAreaRepositoryImports([{ file: 'server/domain/seed.ts', target: 'server/domain/events/repository.ts' }])).toEqual([]);
    expect(crossAreaRepositoryImports([{ file: 'server/domain/documents/events.ts', target: 'server/domain/trips/repository.ts' }])).toEqual([]);
    expect(composedDocumentImports([{ file: 'server/domain/events/service.ts', target: 'server/domain/documents/events.ts' }])).toHaveLength(1);
    expect(composedDocumentImports([{ file: 'server/domain/sync/feeds.ts', target: 'server/domain/documents/events.ts' }])).toEqual([]);
    const cyclic = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(cyclic)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
    expect(SQL.test('const r = await sql<{ n: number }>`SELECT 1`')).toBe(true);
    expect(SQL.test("db.selectFrom('users')")).toBe(true);
    expect(SQL_HOME.test('server/domain/visitors/card-repository.ts')).toBe(true);
    expect(SQL_HOME.test('server/domain/visitors/service.ts')).toBe(false);
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

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
  return fs.readdirSync(abs, { withFileTypes: true, recursive: true })
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
  { from: 'server', allowOurs: ['server', 'contract'] },
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

import fs from 'node:fs';
import path from 'node:path';

/** The import graph the architecture tests read: our files, their imports and where each lands, and its cycles. */

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const OURS = ['contract', 'server', 'sync', 'workers', 'src'];

export function files(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

export function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|new URL\(\s*['"]([^'"]+)['"]/g)) {
    found.push(m[1] ?? m[2] ?? m[3]!);
  }
  return found;
}

/** The top-level area an import lands in: one of ours, or the package name. */
export function target(file: string, spec: string): string {
  if (spec.startsWith('.')) {
    const rel = path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep);
    if (rel[0] === 'src' && rel[1]) return `src/${rel[1]}`;
    return rel[0]!;
  }
  return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
}

/** Our files an import lands on, relative to the root; packages and assets are left out. */
export function localImports(file: string): { spec: string; target: string }[] {
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

export const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** Every import edge of these folders, as root-relative paths. */
export function edges(dirs: string[]): { file: string; target: string }[] {
  return dirs.flatMap((d) => files(d).flatMap((f) => localImports(f).map(({ target }) => ({ file: rel(f), target }))));
}

/**
 * The import cycles of a graph: its strongly connected components of more than one file, or of one
 * file that imports itself (Tarjan's algorithm). Type-only imports count: a cycle of types is still
 * two modules that cannot be understood apart.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
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

export function graphOf(dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const d of dirs)
    for (const f of files(d))
      graph.set(
        rel(f),
        localImports(f).map((i) => i.target),
      );
  return graph;
}

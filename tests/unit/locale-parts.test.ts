import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants.ts';
import { LATER_SECTIONS, SERVER_SECTIONS, localePart } from '../../locales/parts.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Our modules the page runs before its first screen: src/main.tsx and its static imports, not the chunks it imports on demand. */
function firstRouteModules(): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g)) {
      const spec = m[1] ?? '';
      if (!spec.startsWith('.')) continue;
      const abs = path.resolve(path.dirname(file), spec);
      if (/\.tsx?$/.test(abs) && fs.existsSync(abs)) visit(abs);
    }
  };
  visit(path.join(ROOT, 'src/main.tsx'));
  return [...found].map((f) => path.relative(ROOT, f));
}

const texts = (locale: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', `${locale}.json`), 'utf8')) as Record<string, unknown>;

describe('the two parts of each language', () => {
  it('split every language into its sections, each in one part', () => {
    for (const locale of LOCALES) {
      const all = texts(locale);
      const first = localePart(all, 'first');
      const later = localePart(all, 'later');
      expect(Object.keys(first).filter((s) => s in later)).toEqual([]);
      const server = Object.fromEntries(SERVER_SECTIONS.map((s) => [s, all[s]]));
      expect({ ...first, ...later, ...server }).toEqual(all);
      expect(Object.keys(later).length).toBeGreaterThan(0);
    }
  });

  it('name only sections the languages have', () => {
    const sections = Object.keys(texts('uk'));
    expect([...LATER_SECTIONS, ...SERVER_SECTIONS].filter((s) => !sections.includes(s))).toEqual([]);
  });

  it('send the server-only sections to the page in neither part', () => {
    const all = texts('uk');
    for (const section of SERVER_SECTIONS) {
      expect(all[section]).toBeDefined();
      expect(localePart(all, 'first')[section]).toBeUndefined();
      expect(localePart(all, 'later')[section]).toBeUndefined();
    }
  });

  it('leave to the later part no section that a module of the first route names', () => {
    const modules = firstRouteModules();
    // The check must see the shell and the home page, else it proves nothing.
    expect(modules).toContain('src/app/layout/Header.tsx');
    expect(modules).toContain('src/features/events/home/HomePage.tsx');
    const later = new Set(LATER_SECTIONS);
    const uses: string[] = [];
    for (const file of modules.filter((f) => f.startsWith('src/'))) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      // A key written out, in a t() call, an i18nKey or a table of keys: 'section.rest'.
      for (const m of text.matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z_$]/g)) if (later.has(m[1] ?? '')) uses.push(`${file}: ${m[0]}`);
    }
    expect(uses).toEqual([]);
  });
});

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../contract/constants.ts';
import { ERROR_CODES } from '../../contract/errors.ts';
import { COMMAND_KINDS } from '../../contract/commands.ts';

/**
 * Translations are complete when every language has the same keys, none of them empty, every key the
 * code asks for exists, and no user-visible text is written straight into JSX.
 */

const root = join(import.meta.dirname, '..', '..');
type Tree = { [key: string]: string | Tree };

const resources = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(readFileSync(join(root, 'locales', `${l}.json`), 'utf8')) as Tree])) as Record<
  Locale,
  Tree
>;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function lookup(tree: Tree, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

function sourceFiles(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path, ext));
    else if (ext.test(name)) out.push(path);
  }
  return out;
}

const flat = Object.fromEntries(LOCALES.map((l) => [l, flatten(resources[l])])) as Record<Locale, Map<string, string>>;
const sources = sourceFiles(join(root, 'src'), /\.(ts|tsx)$/).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

/** Folders whose code renders text; elsewhere (src/data) a dotted string is a command kind, not a key. */
const SCREEN_CODE = /^src\/(app|features|ui)\//;
const commandKinds = new Set<string>(COMMAND_KINDS);

/**
 * Keys written literally: t('a.b') anywhere, and in screen code also key-shaped strings held in
 * constants (labelKey: 'a.b'), except those that are command kinds such as 'event.checkin'.
 */
function literalKeys(path: string, text: string): string[] {
  const namespaces = Object.keys(resources.en).join('|');
  const keys = new Set<string>();
  for (const m of text.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) keys.add(m[1]!);
  if (SCREEN_CODE.test(path)) {
    for (const m of text.matchAll(new RegExp(`['"]((?:${namespaces})\\.[A-Za-z0-9_.]+)['"]`, 'g'))) {
      if (!commandKinds.has(m[1]!)) keys.add(m[1]!);
    }
  }
  return [...keys];
}

/** The fixed part of keys built at run time, t(`errors.${code}`): it must name a group of keys. */
function templatePrefixes(text: string): string[] {
  return [...text.matchAll(/\bt\(\s*`([^`$]*)\$\{/g)].map((m) => m[1]!.replace(/\.$/, ''));
}

/**
 * Text between JSX tags that contains a letter and does not look like code. A heuristic: it catches
 * `<p>Hello</p>` and `aria-label="Close"`, and lets through symbols such as × and …
 */
function rawJsxStrings(text: string): string[] {
  const code = text
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\/\*[\s\S]*?\*\//g, '');
  const found: string[] = [];
  // An arrow's `=>` is code, not the end of a tag.
  for (const m of code.matchAll(/(?<!=)>([^<>{}]*)</g)) {
    const chunk = m[1]!.trim();
    if (!/\p{L}/u.test(chunk)) continue;
    if (/[=;(){}&|]/.test(chunk)) continue;
    // `a: <A />, b: <B />` in route tables: code between two elements, not text.
    if (/^[,\]]/.test(chunk) || /\w:$/.test(chunk)) continue;
    found.push(chunk);
  }
  for (const m of code.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*\p{L}[^"]*)"/gu)) found.push(m[1]!);
  return found;
}

describe('locales', () => {
  it('have the same keys in every language', () => {
    const reference = [...flat.en.keys()].sort();
    for (const locale of LOCALES) expect([...flat[locale].keys()].sort(), locale).toEqual(reference);
  });

  it('have no empty values', () => {
    for (const locale of LOCALES) {
      const empty = [...flat[locale]].filter(([, v]) => v.trim() === '').map(([k]) => k);
      expect(empty, locale).toEqual([]);
    }
  });

  it('use the same placeholders in every language', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of flat.en) {
      for (const locale of LOCALES) expect(placeholders(flat[locale].get(key) ?? ''), `${locale}: ${key}`).toEqual(placeholders(value));
    }
  });

  it('are real translations, not copies of English', () => {
    // Short words and names (Foyer, Online, "≈ {{amount}}") may legitimately match; most text must not.
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const long = [...flat.en].filter(([, v]) => v.replace(/\{\{\w+\}\}/g, '').trim().length > 12);
      const copied = long.filter(([k, v]) => flat[locale].get(k) === v).map(([k]) => k);
      expect(copied, locale).toEqual([]);
    }
  });

  it('translate every error code and every sync state', () => {
    const codes = [...Object.keys(ERROR_CODES), 'network_error', 'local_write_failed'];
    const states = ['offline', 'connecting', 'syncing', 'idle', 'error'];
    for (const locale of LOCALES) {
      for (const code of codes) expect(typeof lookup(resources[locale], `errors.${code}`), `${locale}: errors.${code}`).toBe('string');
      for (const state of states) expect(typeof lookup(resources[locale], `sync.state.${state}`), `${locale}: ${state}`).toBe('string');
    }
  });

  it('word every command a rejection toast can name', () => {
    for (const locale of LOCALES) {
      for (const kind of COMMAND_KINDS) expect(lookup(resources[locale], `rejections.${kind}`), `${locale}: ${kind}`).toBeDefined();
    }
  });
});

describe('source', () => {
  it('asks only for keys that exist in every language', () => {
    const missing: string[] = [];
    const used = new Set<string>();
    for (const { path, text } of sources) {
      for (const key of literalKeys(path, text)) {
        used.add(key);
        for (const locale of LOCALES) if (typeof lookup(resources[locale], key) !== 'string') missing.push(`${path}: ${locale} ${key}`);
      }
      for (const prefix of templatePrefixes(text)) {
        for (const locale of LOCALES) {
          const node = lookup(resources[locale], prefix);
          if (typeof node !== 'object' || Object.keys(node).length === 0) missing.push(`${path}: ${locale} ${prefix}.*`);
        }
      }
    }
    expect(missing).toEqual([]);
    // Guards the scan itself: finding next to nothing would mean the patterns stopped matching.
    expect(used.size).toBeGreaterThan(100);
  });

  it('has the server ask only for mail texts that exist, and leaves none unasked', () => {
    // server/mail/texts.ts: mailText asks for one text, letter() for a mail's `.subject` and `.body`.
    const serverSources = sourceFiles(join(root, 'server'), /\.ts$/).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
    const asked = new Set<string>();
    const prefixes = new Set<string>();
    const missing: string[] = [];
    for (const { path, text } of serverSources) {
      for (const m of text.matchAll(/['"`](mail\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"`]/g)) {
        asked.add(m[1]!);
        for (const locale of LOCALES) {
          const node = lookup(resources[locale], m[1]!);
          const ok = typeof node === 'string' || (typeof node === 'object' && typeof node.subject === 'string' && typeof node.body === 'string');
          if (!ok) missing.push(`${path}: ${locale} ${m[1]}`);
        }
      }
      for (const m of text.matchAll(/`(mail\.[A-Za-z0-9_.]+)\.\$\{/g)) prefixes.add(m[1]!);
    }
    expect(missing).toEqual([]);
    const unasked = [...flat.en.keys()]
      .filter((key) => key.startsWith('mail.'))
      .filter((key) => {
        const base = key.replace(/_named$/, '');
        const mail = base.replace(/\.(subject|body)$/, '');
        return !asked.has(base) && !asked.has(mail) && ![...prefixes].some((p) => base.startsWith(`${p}.`));
      });
    expect(unasked).toEqual([]);
    expect(asked.size).toBeGreaterThan(10);
  });

  it('writes no user-visible text directly in JSX', () => {
    const offenders = sources.filter(({ path }) => path.endsWith('.tsx')).flatMap(({ path, text }) => rawJsxStrings(text).map((s) => `${path}: ${s}`));
    expect(offenders).toEqual([]);
  });

  it('the JSX check does catch raw text', () => {
    expect(rawJsxStrings('<p className="x">Hello there</p>')).toEqual(['Hello there']);
    expect(rawJsxStrings('<button aria-label="Close">×</button>')).toEqual(['Close']);
    expect(rawJsxStrings('<p>{t("a.b")}</p><span aria-hidden="true">…</span>')).toEqual([]);
  });
});

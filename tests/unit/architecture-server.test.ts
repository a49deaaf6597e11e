import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { edges, files, graphOf, importCycles, rel, ROOT } from './architecture-graph.ts';

// The server's own layers (ARCHITECTURE.md): what each may import, where SQL is written, and no import circles.

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
  'server/domain/accounts/service.ts -> server/domain/auth/repository.ts',
  'server/domain/admin/invitation-links.ts -> server/domain/accounts/repository.ts',
  'server/domain/admin/invitation-links.ts -> server/domain/checkin/repository.ts',
  'server/domain/admin/invitation-links.ts -> server/domain/companies/admin-repository.ts',
  'server/domain/admin/invitation-links.ts -> server/domain/events/repository.ts',
  'server/domain/admin/meetings.ts -> server/domain/appointments/repository.ts',
  'server/domain/admin/service.ts -> server/domain/accounts/repository.ts',
  'server/domain/admin/service.ts -> server/domain/events/repository.ts',
  'server/domain/admin/service.ts -> server/domain/orders/types-repository.ts',
  'server/domain/appointments/service.ts -> server/domain/events/repository.ts',
  'server/domain/chat/service.ts -> server/domain/profile/repository.ts',
  'server/domain/checkin/feed.ts -> server/domain/events/repository.ts',
  'server/domain/companies/feed.ts -> server/domain/events/repository.ts',
  'server/domain/companies/feed.ts -> server/domain/organisers/repository.ts',
  'server/domain/companies/service.ts -> server/domain/organisers/repository.ts',
  'server/domain/messages/service.ts -> server/domain/profile/repository.ts',
  'server/domain/orders/checkout.ts -> server/domain/organisers/repository.ts',
  'server/domain/orders/documents.ts -> server/domain/tickets/repository.ts',
  'server/domain/orders/lifecycle.ts -> server/domain/events/repository.ts',
  'server/domain/orders/mail.ts -> server/domain/events/repository.ts',
  'server/domain/orders/service.ts -> server/domain/organisers/repository.ts',
  'server/domain/organisers/invitations.ts -> server/domain/accounts/repository.ts',
  'server/domain/personal-data/removal.ts -> server/domain/auth/repository.ts',
  'server/domain/personal-data/removal.ts -> server/domain/events/repository.ts',
  'server/domain/profile/account.ts -> server/domain/auth/repository.ts',
  'server/domain/profile/account.ts -> server/domain/events/repository.ts',
  'server/domain/profile/service.ts -> server/domain/events/repository.ts',
  'server/domain/referrals/service.ts -> server/domain/events/repository.ts',
  'server/domain/schedule/feed.ts -> server/domain/events/repository.ts',
  'server/domain/schedule/feed.ts -> server/domain/organisers/repository.ts',
  'server/domain/ticket-holders/registration.ts -> server/domain/events/repository.ts',
  'server/domain/ticket-holders/registration.ts -> server/domain/orders/types-repository.ts',
  'server/domain/tickets/repository.ts -> server/domain/events/document-repository.ts',
  'server/domain/tickets/service.ts -> server/domain/events/repository.ts',
  'server/domain/trips/service.ts -> server/domain/events/repository.ts',
  'server/domain/visitors/feed.ts -> server/domain/events/repository.ts',
  'server/domain/visitors/service.ts -> server/domain/events/repository.ts',
];

/**
 * The folder a server file belongs to, as the layering sees it: an area of the domain
 * (server/domain/<area>/), a file standing alone (server/domain/effects.ts, server/config.ts), or
 * one of the server's other folders (routes, realtime, plugins, db, mail...).
 */
function folderOf(file: string): string {
  const area = /^(server\/domain\/[^/]+)\//.exec(file);
  if (area) return area[1]!;
  if (/^server\/domain\/[^/]+$/.test(file)) return file;
  const top = /^(server\/[^/]+)\//.exec(file);
  return top ? top[1]! : file;
}

/** The imports between folders, each pair once: a circle here is two areas each building on the other. */
function folderGraph(list: { file: string; target: string }[]): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const { file, target } of list) {
    if (!target.startsWith('server/')) continue;
    const from = folderOf(file);
    const to = folderOf(target);
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    if (from !== to) graph.get(from)!.add(to);
  }
  return new Map([...graph].map(([k, v]) => [k, [...v]]));
}

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

  it("server's folders and domain areas build on each other one way: no circle between them", () => {
    expect(importCycles(folderGraph(edges(['server'])))).toEqual([]);
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
    const twoWay = folderGraph([
      { file: 'server/domain/orders/mail.ts', target: 'server/domain/tickets/pdf.ts' },
      { file: 'server/domain/tickets/cancel.ts', target: 'server/domain/orders/self-cancel.ts' },
      { file: 'server/domain/orders/mail.ts', target: 'server/domain/orders/repository.ts' },
    ]);
    expect(importCycles(twoWay)).toEqual([['server/domain/orders', 'server/domain/tickets']]);
    expect(importCycles(folderGraph([{ file: 'server/domain/tickets/cancel.ts', target: 'server/domain/effects.ts' }]))).toEqual([]);
    expect(SQL.test('const r = await sql<{ n: number }>`SELECT 1`')).toBe(true);
    expect(SQL.test("db.selectFrom('users')")).toBe(true);
    expect(SQL_HOME.test('server/domain/visitors/card-repository.ts')).toBe(true);
    expect(SQL_HOME.test('server/domain/visitors/service.ts')).toBe(false);
  });
});

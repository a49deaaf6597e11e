import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { routeTableFor, routeTables } from '../../../src/app/route-table.ts';
import { routes } from '../../../src/app/router.tsx';

// The app's real table is imported, and with it the layout's update prompt, whose service worker
// hook exists only in a Vite build; nothing here renders, so it is never called.
vi.mock('virtual:pwa-register', () => ({ registerSW: () => async () => undefined }));

/** Every path of the table with its parameters filled in, and what a user may type besides. */
function pathsOf(table: readonly RouteObject[], base = ''): string[] {
  const out: string[] = [];
  for (const r of table) {
    const here = r.path === undefined ? base : `${base.replace(/\/$/, '')}/${r.path.replace(/^\//, '')}`;
    const filled = here
      .replace(/:locale/g, 'uk')
      .replace(/:[A-Za-z]+\??/g, '42')
      .replace(/\*$/, 'anything/else');
    if (r.path !== undefined || r.index) out.push(filled || '/');
    if (r.children) out.push(...pathsOf(r.children, here));
  }
  return out;
}

const matched = (table: RouteObject[], path: string) =>
  matchRoutes(table, path)?.map((m) => `${m.route.path ?? (m.route.index ? '(index)' : '(layout)')}=${m.pathname}`) ?? null;

describe('the route table cut down per first word (src/app/route-table.ts)', () => {
  const paths = [
    ...pathsOf(routes),
    '/',
    '/uk',
    '/uk/',
    '/en/EVENTS',
    '/en/Events/42/Visitors',
    '/uk/%65vents',
    '/uk/%E0%A4%A',
    '/uk/nowhere',
    '/uk/events/42/nowhere/deeper',
    '/de/admin/events/42/tickets',
  ];

  it('matches every address of the app to the same routes as the whole table', () => {
    expect(paths.length).toBeGreaterThan(60);
    for (const path of paths) expect(matched(routeTableFor(routes, path), path), path).toEqual(matched(routes, path));
  });

  it("gives home's address a table of a few routes, and keeps one table per first word", () => {
    const count = (t: readonly RouteObject[]): number => t.reduce((n, r) => n + 1 + (r.children ? count(r.children) : 0), 0);
    expect(count(routeTableFor(routes, '/uk/'))).toBeLessThan(count(routes) / 4);
    const tables = routeTables(routes);
    expect(tables('/uk/events/1')).toBe(tables('/en/events/2/visitors'));
    expect(tables('/uk/events/1')).not.toBe(tables('/uk/people'));
  });
});

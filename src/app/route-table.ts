import type { RouteObject } from 'react-router-dom';

/**
 * The route table cut down to the routes that can match one address. React Router matches an
 * address by flattening the whole table into branches, ranking them and trying them in turn, each
 * with a regular expression built on the spot: on a guest's first visit that was most of the
 * router's share of the first render, a few hundred milliseconds on a slow phone, to find home at
 * the end of the list (issue 32). Under the locale, the first segment of the address rules out
 * every route that starts with another word, so the router gets only the routes that start with
 * that word, with a parameter, or with a star, and the index routes.
 *
 * What is left out could never have matched, so the router's answer is the same: tests/unit/app/
 * route-table.test.ts holds the two against each other on every path of a table like the app's.
 */

/** The top-level route whose children are cut down: the one under the language segment. */
const LOCALE_PATH = '/:locale';

export function routeTableFor(routes: readonly RouteObject[], pathname: string): RouteObject[] {
  const head = firstWord(pathname.split('/')[2] ?? '');
  return routes.map((r) => (r.path === LOCALE_PATH && r.children ? { ...r, children: keepFor(r.children, head) } : r));
}

/** Keeps one table per first word: the router's matches then keep their routes between renders. */
export function routeTables(routes: readonly RouteObject[]): (pathname: string) => RouteObject[] {
  const tables = new Map<string, RouteObject[]>();
  return (pathname) => {
    const head = firstWord(pathname.split('/')[2] ?? '');
    let table = tables.get(head);
    if (!table) {
      table = routeTableFor(routes, pathname);
      tables.set(head, table);
    }
    return table;
  };
}

function keepFor(routes: readonly RouteObject[], head: string): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const r of routes) {
    if (r.index) kept.push(r);
    // A layout without a path: its children stand at this level of the address.
    else if (r.path === undefined) kept.push(r.children ? { ...r, children: keepFor(r.children, head) } : r);
    else if (mayStartWith(r.path, head)) kept.push(r);
  }
  return kept;
}

function mayStartWith(path: string, head: string): boolean {
  const first = path.replace(/^\/+/, '').split('/')[0] ?? '';
  // A parameter, a star, an optional segment or an empty path may stand for any first word.
  if (first === '' || first.startsWith(':') || first.includes('*') || first.endsWith('?')) return true;
  // The router compares case-insensitively unless a route asks otherwise; keeping more is safe.
  return first.toLowerCase() === head;
}

/** The address's segment as the router compares it: decoded, in lower case. */
function firstWord(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../src/app/router.tsx';

// The shell around the screens needs the service worker's virtual modules, which only a build has.
vi.mock('../../../src/app/layout/Layout.tsx', () => ({ Layout: () => null }));

/** The specs' /events/{id}/companies/{companyId} opens the stand's page, not "not found" (issue 27). */
describe('the company page routes', () => {
  const leaf = (path: string) => {
    const matches = matchRoutes(routes, path) ?? [];
    const last = matches.at(-1);
    return { path: last?.route.path, params: last?.params ?? {} };
  };

  it('routes the older companies/{companyId} to the stand page, as companies-detail/{standId}', () => {
    const older = leaf('/uk/events/12/companies/34');
    expect(older.path).toBe('events/:eventId/companies/:standId');
    expect(older.params).toMatchObject({ eventId: '12', standId: '34' });
    const current = leaf('/uk/events/12/companies-detail/34');
    expect(current.params).toMatchObject({ eventId: '12', standId: '34' });
    // Both addresses draw the very same screen.
    const element = (path: string) => (matchRoutes(routes, path) ?? []).at(-1)?.route.element;
    expect(element('/uk/events/12/companies/34')).toBe(element('/uk/events/12/companies-detail/34'));
  });

  it('keeps the list at companies', () => {
    expect(leaf('/en/events/12/companies').path).toBe('events/:eventId/companies');
  });
});

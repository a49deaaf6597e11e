import { describe, expect, it } from 'vitest';
import { isPageLoad, UnprefixedCalls } from '../../server/plugins/legacy-paths.ts';

/** Which calls made at the root are routed to their /api twins (server/plugins/legacy-paths.ts). */

function calls(): UnprefixedCalls {
  const c = new UnprefixedCalls();
  for (const url of [
    '/api/events/events-list',
    '/api/events/:eventId',
    '/api/meetings/reject-meeting',
    '/api/profile/lite',
    '/profile/getStatusTypes',
    '/files/posters/:id.svg',
    '/api/events/set-favorite/:eventId',
  ]) {
    c.add(url);
  }
  return c;
}
const json = (method: string, url: string) => ({ method, url, headers: { accept: 'application/json' } });

describe('calls made without /api', () => {
  it('routes the shape of an API call to its twin, keeping the query and dropping a trailing slash', () => {
    const c = calls();
    expect(c.rewrite(json('GET', '/events/events-list?limit=2&lang=en'))).toBe('/api/events/events-list?limit=2&lang=en');
    expect(c.rewrite(json('GET', '/events/events-list/?limit=2'))).toBe('/api/events/events-list?limit=2');
    expect(c.rewrite(json('POST', '/meetings/reject-meeting'))).toBe('/api/meetings/reject-meeting');
    expect(c.rewrite(json('GET', '/events/12'))).toBe('/api/events/12');
  });

  it("leaves the server's own routes, the app's pages, /api itself and unknown paths alone", () => {
    const c = calls();
    expect(c.rewrite(json('GET', '/profile/getStatusTypes'))).toBe('/profile/getStatusTypes');
    expect(c.rewrite(json('GET', '/files/posters/3.svg'))).toBe('/files/posters/3.svg');
    expect(c.rewrite(json('GET', '/uk/events/12'))).toBe('/uk/events/12');
    expect(c.rewrite(json('GET', '/api/events/12'))).toBe('/api/events/12');
    expect(c.rewrite(json('GET', '/events/12/nothing'))).toBe('/events/12/nothing');
    expect(c.rewrite({ method: 'GET', url: '/events/12', headers: { 'sec-fetch-mode': 'navigate' } })).toBe('/events/12');
    // The three calls the specs name without /api go to /api even when opened as a page.
    expect(c.rewrite({ method: 'GET', url: '/events/set-favorite/4', headers: { 'sec-fetch-mode': 'navigate' } })).toBe('/api/events/set-favorite/4');
  });

  it('tells a page load from a call', () => {
    expect(isPageLoad({ method: 'GET', headers: { 'sec-fetch-mode': 'navigate' } })).toBe(true);
    expect(isPageLoad({ method: 'GET', headers: { 'sec-fetch-mode': 'cors', accept: 'text/html' } })).toBe(false);
    expect(isPageLoad({ method: 'GET', headers: { accept: 'text/html,application/xhtml+xml' } })).toBe(true);
    expect(isPageLoad({ method: 'GET', headers: { accept: '*/*' } })).toBe(false);
    expect(isPageLoad({ method: 'POST', headers: { 'sec-fetch-mode': 'navigate' } })).toBe(false);
  });
});

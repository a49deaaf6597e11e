import { describe, expect, it } from 'vitest';
import { RETURN_URL_MAX_CHARS, safeReturnPath } from '../../contract/return-url.ts';
import { OFF_SITE_RETURN_URLS } from '../fixtures/return-urls.ts';

const ORIGIN = 'https://foyer.example';
const back = (value: unknown) => safeReturnPath(value, ORIGIN, '/uk');

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(back('/uk/events/5?x=1#chat')).toBe('/uk/events/5?x=1#chat');
    expect(back('/en/events/favorites')).toBe('/en/events/favorites');
  });

  it('reduces an absolute URL of this very origin to its path', () => {
    expect(back('https://foyer.example/en/events/favorites?tab=2')).toBe('/en/events/favorites?tab=2');
    expect(back('//foyer.example/pl/tickets')).toBe('/pl/tickets');
    expect(back('HTTPS://FOYER.EXAMPLE/uk/')).toBe('/uk/');
  });

  it.each(OFF_SITE_RETURN_URLS)('refuses %j', (value) => {
    expect(back(value)).toBe('/uk');
  });

  it('keeps percent-encoded and double-encoded controls as literal path segments on this site', () => {
    // "%09" is not a tab to the URL parser, so it stays an (odd) path here, never a host.
    expect(back('/%09/evil.example/x')).toBe('/%09/evil.example/x');
    expect(back('/%2509/evil.example/x')).toBe('/%2509/evil.example/x');
    expect(back('/%5Cevil.example/x')).toBe('/%5Cevil.example/x');
    expect(back('/%2F%2Fevil.example/x')).toBe('/%2F%2Fevil.example/x');
    for (const value of ['/%09/evil.example/x', '/%2509/evil.example/x', '/%5C%5Cevil.example', '/%2F/evil.example']) {
      const path = back(value);
      // Whatever comes back resolves to this site from any page of it.
      expect(new URL(path, `${ORIGIN}/uk/events/5`).origin).toBe(ORIGIN);
    }
  });

  it('returns only serialised paths: no control character or backslash survives', () => {
    expect(back('/uk/a b')).toBe('/uk/a%20b');
    expect(back('/uk/\\events')).toBe('/uk//events');
    for (const value of ['/uk/x\ty', '/uk/x\ny', '/uk/x\\y']) {
      const path = back(value);
      expect([...path].filter((c) => c.charCodeAt(0) < 0x20 || c === '\\')).toEqual([]);
      expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
    }
  });

  it('falls back on empty, missing, non-string and overlong values', () => {
    expect(back(null)).toBe('/uk');
    expect(back(undefined)).toBe('/uk');
    expect(back('')).toBe('/uk');
    expect(back(['/uk/events'])).toBe('/uk');
    expect(back(`/${'a'.repeat(RETURN_URL_MAX_CHARS)}`)).toBe('/uk');
  });

  it('falls back when the site origin itself is unusable', () => {
    expect(safeReturnPath('/uk/events', 'not a url', '/en')).toBe('/en');
    expect(safeReturnPath('/uk/events', 'null', '/en')).toBe('/en');
  });
});

import { describe, expect, it } from 'vitest';
import { storeLink } from '../../src/features/profile/store-links.ts';

describe('the app card store links', () => {
  it('take the configured https listing, else the fallback', () => {
    expect(storeLink('https://apps.apple.com/app/id123', 'F')).toBe('https://apps.apple.com/app/id123');
    expect(storeLink(undefined, 'F')).toBe('F');
    expect(storeLink('  ', 'F')).toBe('F');
    expect(storeLink('javascript:alert(1)', 'F')).toBe('F');
    expect(storeLink('http://play.google.com/x', 'F')).toBe('F');
    expect(storeLink('not a url', 'F')).toBe('F');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, activeFilterCount, parseVisitorsParams, toFilter, toggled, visitorsParams, withTab } from '../../src/ui/visitors-params.ts';
import { flagUrl } from '../../src/ui/flag-urls.ts';
import { initialsOf, orDash, socialHref } from '../../src/ui/people/format.ts';

describe('visitors page address', () => {
  it('defaults to all visitors, status descending, and a plain address', () => {
    expect(parseVisitorsParams(new URLSearchParams())).toEqual(DEFAULT_STATE);
    expect(visitorsParams(DEFAULT_STATE).toString()).toBe('');
  });

  it('round-trips every part of the state through the query', () => {
    const state = {
      ...DEFAULT_STATE,
      tab: 'country' as const,
      q: 'anna',
      sort: 'name' as const,
      order: 'asc' as const,
      country: 'PL',
      menuId: 5,
      sex: 0 as const,
      ages: [2, 6],
      interests: [4],
      statuses: [1, 3],
      onlyAppointments: true,
    };
    const params = visitorsParams(state);
    expect(params.get('tab')).toBe('FROM_COUNTRY');
    expect(parseVisitorsParams(params)).toEqual(state);
  });

  it('ignores malformed values instead of failing', () => {
    const s = parseVisitorsParams(
      new URLSearchParams('tab=NOPE&sort=evil&order=up&country=Poland&city=-3&menu_id=x&sex=2&age=0,7,2,2&interests=9,1&role=admin'),
    );
    expect(s).toEqual({ ...DEFAULT_STATE, ages: [2], interests: [1] });
  });

  it('clears the city when choosing a country, and both for any other tab', () => {
    const inCity = withTab(DEFAULT_STATE, 'city', { cityId: 4 });
    expect(inCity).toMatchObject({ tab: 'city', cityId: 4 });
    const inCountry = withTab(inCity, 'country', { country: 'UA' });
    expect(inCountry).toMatchObject({ tab: 'country', country: 'UA' });
    expect(inCountry.cityId).toBeUndefined();
    const all = withTab(inCountry, 'friends');
    expect(all.country).toBeUndefined();
    expect(all.cityId).toBeUndefined();
  });

  it("makes the data layer's filter and counts active side filters", () => {
    const state = { ...DEFAULT_STATE, q: 'x', role: 'speaker', ages: [1, 2] };
    expect(toFilter(state, 20)).toMatchObject({ tab: 'all', search: 'x', role: 'speaker', ages: [1, 2], offset: 0, limit: 20, onlyAppointments: false });
    expect(activeFilterCount(state)).toBe(3);
    expect(toggled([1, 3], 2)).toEqual([1, 2, 3]);
    expect(toggled([1, 2, 3], 2)).toEqual([1, 3]);
  });
});

describe('people formatting', () => {
  it('shows country flags as pictures shipped with the app, from ISO codes only', () => {
    // A file of the build (/assets/flags/UA-….svg); the test transform inlines it as a data URL.
    expect(flagUrl('ua')).toMatch(/(\/UA-?[^/]*\.svg|^data:image\/svg\+xml,.+)$/);
    expect(flagUrl('PL')).not.toBe(flagUrl('UA'));
    expect(flagUrl('')).toBeNull();
    expect(flagUrl('UKR')).toBeNull();
    expect(flagUrl('QQ')).toBeNull();
  });

  it('makes initials, dashes for empty texts and safe social links', () => {
    expect(initialsOf('anna', 'kovalenko')).toBe('AK');
    expect(initialsOf('', '')).toBe('?');
    expect(orDash('  ')).toBe('—');
    expect(orDash('Hi')).toBe('Hi');
    expect(socialHref('linkedin', 'anna-k')).toBe('https://www.linkedin.com/in/anna-k');
    expect(socialHref('twitter', '@annakov')).toBe('https://twitter.com/annakov');
    expect(socialHref('facebook', 'https://facebook.com/a')).toBe('https://facebook.com/a');
    expect(socialHref('facebook', 'javascript:alert(1)')).toBe('https://www.facebook.com/javascript%3Aalert(1)');
    expect(socialHref('gplus', 'someone')).toBeNull();
    expect(socialHref('vk', 'a b')).toBeNull();
  });
});

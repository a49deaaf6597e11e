import { describe, expect, it } from 'vitest';
import { legacyTarget, rootHashTarget } from '../../src/app/legacy-links.ts';
import { browserLocale } from '../../src/ui/locale.ts';

describe('old hash-mode links', () => {
  it('sends myprofile and its sub-pages, and user/{id}, to the pages they are now', () => {
    expect(rootHashTarget('#/myprofile', 'uk')).toBe('/uk/profile');
    expect(rootHashTarget('#/myprofile/messages', 'en')).toBe('/en/profile/mymessages');
    expect(rootHashTarget('#/myprofile/appointments?event_id=4', 'uk')).toBe('/uk/profile/mymeeting?event_id=4');
    expect(rootHashTarget('#/myprofile/events', 'uk')).toBe('/uk/profile/myevents');
    expect(rootHashTarget('#/myprofile/tickets', 'pl')).toBe('/pl/profile/mytickets');
    expect(rootHashTarget('#/user/12', 'uk')).toBe('/uk/profiles/12');
    expect(rootHashTarget('#/ru/myprofile/messages', 'uk')).toBe('/ru/profile/mymessages');
    expect(legacyTarget('/myprofile', 'en')).toBe('/en/profile');
    expect(legacyTarget('/en/myprofile/tickets', 'uk')).toBe('/en/profile/mytickets');
  });

  it('keeps routes that kept their path, and leaves plain fragments and unknown pages alone', () => {
    expect(rootHashTarget('#/events/5/visitors', 'uk')).toBe('/uk/events/5/visitors');
    expect(rootHashTarget('#/', 'en')).toBe('/en');
    expect(rootHashTarget('#top', 'uk')).toBeNull();
    expect(rootHashTarget('', 'uk')).toBeNull();
    expect(legacyTarget('/myprofile/nothing', 'uk')).toBeNull();
    expect(legacyTarget('/events/5', 'uk')).toBeNull();
  });
});

describe('browserLocale', () => {
  it("takes the first of the browser's languages Foyer speaks, or none", () => {
    expect(browserLocale(['en-US', 'en'])).toBe('en');
    expect(browserLocale(['de-DE', 'pl-PL', 'en'])).toBe('pl');
    expect(browserLocale(['de', 'fr'])).toBeNull();
    expect(browserLocale([])).toBeNull();
  });
});

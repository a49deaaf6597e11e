import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants.ts';
import { formatRelative } from '../../src/app/layout/relativeTime.ts';

/**
 * "Synced 3 minutes ago" is worded by the translations, not by Intl.RelativeTimeFormat, whose first
 * use costs a visit the browser's relative-time data (src/app/layout/relativeTime.ts). The words
 * must stay what that formatter says, in every language and every plural form.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 11, 1, 12);

beforeAll(async () => {
  const resources = Object.fromEntries(
    LOCALES.map((l) => [l, { translation: JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', `${l}.json`), 'utf8')) }]),
  );
  await i18next.init({ lng: 'en', resources, interpolation: { escapeValue: false } });
});

describe('relative times', () => {
  it.each([...LOCALES])('say in %s what Intl.RelativeTimeFormat says, for every count of minutes, hours and days', (locale) => {
    const intl = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    expect(formatRelative(NOW - 20_000, NOW, locale)).toBe(intl.format(0, 'second'));
    for (let n = 1; n < 60; n++) expect(formatRelative(NOW - n * MINUTE, NOW, locale), `${n} min`).toBe(intl.format(-n, 'minute'));
    for (let n = 1; n < 24; n++) expect(formatRelative(NOW - n * HOUR, NOW, locale), `${n} h`).toBe(intl.format(-n, 'hour'));
    for (let n = 1; n <= 400; n++) expect(formatRelative(NOW - n * DAY, NOW, locale), `${n} d`).toBe(intl.format(-n, 'day'));
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants.ts';
import { tooManyRequestsText } from '../../src/ui/retryAfter.ts';

const root = join(import.meta.dirname, '..', '..');

async function translator(locale: string) {
  const i18n = createInstance();
  const resources = Object.fromEntries(LOCALES.map((l) => [l, { translation: JSON.parse(readFileSync(join(root, 'locales', `${l}.json`), 'utf8')) }]));
  await i18n.init({ lng: locale, fallbackLng: 'en', resources, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n);
}

describe('the words for "too many requests"', () => {
  it('says when to try again, in the reader language, in the largest sensible unit', async () => {
    const en = await translator('en');
    expect(tooManyRequestsText(en, 'en', 42)).toBe('Too many requests in a short time. Try again in 42 seconds.');
    expect(tooManyRequestsText(en, 'en', 61)).toBe('Too many requests in a short time. Try again in 2 minutes.');
    expect(tooManyRequestsText(en, 'en', 3600)).toBe('Too many requests in a short time. Try again in 1 hour.');
    expect(tooManyRequestsText(en, 'en', 3601)).toBe('Too many requests in a short time. Try again in 2 hours.');
    const uk = await translator('uk');
    expect(tooManyRequestsText(uk, 'uk', 300)).toBe('Забагато запитів за короткий час. Спробуйте ще раз через 5 хвилин.');
    const pl = await translator('pl');
    expect(tooManyRequestsText(pl, 'pl', 1)).toMatch(/^Zbyt wiele żądań w krótkim czasie\. Spróbuj ponownie za 1 sekundę\.$/);
  });

  it('falls back to the general message when the server gave no wait', async () => {
    const ru = await translator('ru');
    expect(tooManyRequestsText(ru, 'ru')).toBe('Слишком много запросов за короткое время. Подождите немного и попробуйте снова.');
    expect(tooManyRequestsText(ru, 'ru', Number.NaN)).toBe(tooManyRequestsText(ru, 'ru'));
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { requestJson, setRequestLanguage, withLang } from '../../sync/engine/http.ts';

/** Every legacy call the app makes carries `lang` once the realm knows its language (issue 16). */
describe('lang on legacy calls', () => {
  afterEach(() => setRequestLanguage(undefined));

  it('adds lang to /api paths that have none, and to nothing else', () => {
    expect(withLang('/api/profile/lite', 'pl')).toBe('/api/profile/lite?lang=pl');
    expect(withLang('/api/events/get-chat-messages?event_id=3', 'uk')).toBe('/api/events/get-chat-messages?event_id=3&lang=uk');
    expect(withLang('/api/x?lang=en', 'uk')).toBe('/api/x?lang=en');
    expect(withLang('/sync/v1/commands', 'uk')).toBe('/sync/v1/commands');
    expect(withLang('/api/x', undefined)).toBe('/api/x');
  });

  it('requestJson sends the realm language', async () => {
    const seen: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      seen.push(String(input));
      return new Response('{"status_code":200,"data":null}', { status: 200 });
    }) as typeof globalThis.fetch;
    await requestJson({ baseUrl: 'http://h', fetch }, '/api/user/get-friends?limit=8');
    setRequestLanguage('ru');
    await requestJson({ baseUrl: 'http://h', fetch }, '/api/user/get-friends?limit=8');
    expect(seen).toEqual(['http://h/api/user/get-friends?limit=8', 'http://h/api/user/get-friends?limit=8&lang=ru']);
  });
});

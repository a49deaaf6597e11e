import { describe, expect, it } from 'vitest';
import { isIosSafari } from '../../../../src/app/pwa/install.ts';

describe('install offer: which iOS browsers need the Add to Home Screen explanation', () => {
  it('recognises Safari on an iPhone and an iPad', () => {
    expect(
      isIosSafari('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'),
    ).toBe(true);
    expect(isIosSafari('Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1')).toBe(
      true,
    );
  });

  it('leaves out other iOS browsers, desktop Safari and Android', () => {
    expect(
      isIosSafari('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1'),
    ).toBe(false);
    expect(
      isIosSafari('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15'),
    ).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15')).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36')).toBe(false);
  });
});

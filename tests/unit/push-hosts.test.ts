import { describe, expect, it } from 'vitest';
import { KNOWN_PUSH_SERVICE_HOSTS, loadConfig } from '../../server/config.ts';
import { atPushService } from '../../server/domain/notices/push-service.ts';

describe('the push services a subscription may name', () => {
  it("takes the browsers' push services and their subdomains, and nothing that only looks like one", () => {
    const hosts = KNOWN_PUSH_SERVICE_HOSTS;
    expect(atPushService('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(atPushService('https://updates.push.services.mozilla.com/wpush/v2/abc', hosts)).toBe(true);
    expect(atPushService('https://wns2-par02p.notify.windows.com/w/?token=abc', hosts)).toBe(true);
    expect(atPushService('https://web.push.apple.com/QGx', hosts)).toBe(true);
    for (const elsewhere of [
      'https://10.0.0.7/push',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/p',
      'https://fcm.googleapis.com.evil.example/p',
      'https://evilfcm.googleapis.com.example/p',
      'https://notfcm.googleapis.co/p',
      'not a url',
    ]) {
      expect(atPushService(elsewhere, hosts), elsewhere).toBe(false);
    }
  });

  it('reads PUSH_SERVICE_HOSTS as a list of host names, and refuses anything else', () => {
    expect(loadConfig({}).pushServiceHosts).toEqual(KNOWN_PUSH_SERVICE_HOSTS);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.net , 127.0.0.1 ' }).pushServiceHosts).toEqual(['push.example.net', '127.0.0.1']);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://push.example.net/' })).toThrow(/not a host name/);
  });
});

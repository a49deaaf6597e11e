import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../server/config.ts';
import { accountKey, addressKey } from '../../server/limits/store.ts';

describe('TRUST_PROXY', () => {
  it('trusts nobody by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('takes a number of proxy hops', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(() => parseTrustProxy('11')).toThrow(/hops/);
  });

  it('takes a list of proxy addresses, CIDRs and the names proxy-addr knows', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8, loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses "trust everyone" and anything it cannot read, at startup', () => {
    for (const value of ['true', 'all', '*', '10.0.0.1,evil', '10.0.0.0/33', '-1', '1.5']) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the units the login limits count in', () => {
  it('counts an IPv4 address as itself, also when it arrives IPv4-mapped', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts an IPv6 client as its /64, which one subscriber can rotate through', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('keeps emails out of the store while telling accounts apart', () => {
    const key = accountKey('anna@demo.test');
    expect(key).not.toContain('anna');
    expect(key).toBe(accountKey('anna@demo.test'));
    expect(key).not.toBe(accountKey('anna@demo.test2'));
  });
});

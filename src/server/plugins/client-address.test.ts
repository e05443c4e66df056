import { describe, expect, it } from 'vitest';
import { clientKey, createTrustedPeerCheck, fastifyTrustProxy, unmapIpv4 } from './client-address';

describe('clientKey', () => {
  it('keeps IPv4 addresses, unmapped from IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(unmapIpv4('::1')).toBe('::1');
  });

  it('counts an IPv6 address by its /64 network, whatever its spelling', () => {
    const key = clientKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(key);
    expect(clientKey('2001:db8:1:2:0:0:0:99')).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});

describe('fastifyTrustProxy', () => {
  it('turns a hop count into « trust the n nearest hops »', () => {
    const trust = fastifyTrustProxy(1);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('10.0.0.1', 0)).toBe(true);
    expect(trust('198.51.100.1', 1)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});

describe('createTrustedPeerCheck', () => {
  it('matches listed proxies and ranges only', () => {
    const trusted = createTrustedPeerCheck(['127.0.0.1', '10.0.0.0/8', '2001:db8::/32']);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('::ffff:10.2.3.4')).toBe(true);
    expect(trusted('2001:db8:5::1')).toBe(true);
    expect(trusted('192.168.1.1')).toBe(false);
    expect(trusted('2001:db9::1')).toBe(false);
    expect(trusted(undefined)).toBe(false);
  });

  it('trusts every peer with a hop count and none when off', () => {
    expect(createTrustedPeerCheck(2)('198.51.100.1')).toBe(true);
    expect(createTrustedPeerCheck(false)('127.0.0.1')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../src/server/http/client-address';

describe('the address a per-client budget counts by', () => {
  it('is an IPv4 address itself', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('is the /64 of an IPv6 address, however the address is written', () => {
    const key = '2001:db8:85a3:42::/64';
    expect(clientAddressKey('2001:db8:85a3:42::1')).toBe(key);
    expect(clientAddressKey('2001:0db8:85a3:0042:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientAddressKey('2001:DB8:85A3:42:1:2:3:4')).toBe(key);
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('2001:db8:85a3:43::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('is the IPv4 address inside an IPv4-mapped IPv6 address, in either spelling', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keeps anything that is not an address as it came (a test socket names itself)', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});

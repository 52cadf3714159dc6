import { describe, expect, it } from 'vitest';
import { addressBucket } from '../../../domain/client-address';

describe('the bucket a client address counts in', () => {
  it('an IPv4 address counts by itself, also when written IPv4-mapped', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('IPv6 addresses count by /64, however they are written', () => {
    const bucket = '2001:db8:85a3:42::/64';
    expect(addressBucket('2001:db8:85a3:42::1')).toBe(bucket);
    expect(addressBucket('2001:0db8:85a3:0042:ffff:ffff:ffff:fffe')).toBe(bucket);
    expect(addressBucket('[2001:DB8:85A3:42:1:2:3:4]')).toBe(bucket);
    expect(addressBucket('2001:db8:85a3:42::7%eth0')).toBe(bucket);
    expect(addressBucket('2001:db8:85a3:43::1')).not.toBe(bucket);
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressBucket('unknown')).toBe('unknown');
    expect(addressBucket('1:2:3')).toBe('1:2:3');
    expect(addressBucket('1::2::3')).toBe('1::2::3');
  });
});

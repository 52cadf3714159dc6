import { describe, expect, it } from 'vitest';
import { clientIpFrom } from '../../../src/server/http/client-ip';

describe('the client address for per-IP limits', () => {
  it('is the socket peer unless proxies are trusted, whatever X-Forwarded-For claims', () => {
    expect(clientIpFrom('198.51.100.4', '203.0.113.9', 0)).toBe('198.51.100.4');
    expect(clientIpFrom('198.51.100.4', null, 1)).toBe('198.51.100.4');
  });

  it('is the entry the nearest trusted proxy wrote, not one the client forged before it', () => {
    expect(clientIpFrom('10.0.0.2', '6.6.6.6, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientIpFrom('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9');
    expect(clientIpFrom('10.0.0.2', '203.0.113.9', 3)).toBe('203.0.113.9');
    expect(clientIpFrom('10.0.0.2', '2001:db8::1', 1)).toBe('2001:db8::1');
  });

  it('falls back to the peer when the entry is not an address', () => {
    expect(clientIpFrom('10.0.0.2', 'evil, not-an-ip', 1)).toBe('10.0.0.2');
  });
});

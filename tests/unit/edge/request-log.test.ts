import { describe, expect, it } from 'vitest';
import { redactTarget, requestIdFrom } from '../../../src/server/edge/request-log.mjs';

const TOKEN = '1A2B3C4D5E6F7G8H9J.K1L2M3N4P5Q6R7S8';

describe('request log lines', () => {
  it('never carry a whole share token, receipt id or query value', () => {
    expect(redactTarget(`/b/${TOKEN}`)).toBe('/b/1A2B3C…');
    expect(redactTarget(`/share/${TOKEN}`)).toBe('/share/1A2B3C…');
    expect(redactTarget(`/api/shares/${TOKEN}`)).toBe('/api/shares/1A2B3C…');
    expect(redactTarget('/r/8f14e45fceea167a/4d5e')).toBe('/r/8f14e4…/…');
    expect(redactTarget(`/share-view?token=${TOKEN}&seat=2`)).toBe('/share-view?token=…&seat=…');
    expect(redactTarget('/api/usage?anonymousUserId=secret-device-id')).toBe('/api/usage?anonymousUserId=…');
    expect(redactTarget('/app')).toBe('/app');
  });

  it('keep a plain incoming request id and replace anything else', () => {
    expect(requestIdFrom('lb-7f3a9c2e-0001')).toBe('lb-7f3a9c2e-0001');
    for (const bad of [undefined, null, '', 'short', 'a'.repeat(200), 'id with spaces', 'id\nforged: header', ['a', 'b']]) {
      expect(requestIdFrom(bad as string)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

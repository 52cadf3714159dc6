import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { readJson } from '../../src/server/http/read-json';

const schema = z.object({ anonymousUserId: z.uuid() });
const post = (body: BodyInit, type = 'application/json') => new Request('http://x/', { method: 'POST', body, headers: { 'content-type': type } });

describe('readJson', () => {
  it('returns the validated body', async () => {
    const id = '3f2b8a4e-8a1b-4c3d-9e0f-123456789abc';
    expect(await readJson(post(JSON.stringify({ anonymousUserId: id })), schema)).toEqual({ ok: true, value: { anonymousUserId: id } });
  });

  it.each([
    [post('{}', 'text/plain'), 415],
    [post('{"anonymousUserId":'), 400],
    [post(new Uint8Array([0x7b, 0xff, 0x7d])), 400],
    [post(JSON.stringify({ anonymousUserId: 'x'.repeat(100) })), 400],
    [post(JSON.stringify({ pad: 'x'.repeat(70_000) })), 413],
  ])('refuses a bad body with a 4xx message (%#)', async (request, status) => {
    const result = await readJson(request, schema);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.status).toBe(status);
      expect(result.error.message.length).toBeGreaterThan(5);
    }
  });
});

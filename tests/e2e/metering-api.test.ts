import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('metering and token endpoints', () => {
  it('GET /api/usage answers the freemium data of a new id, read from X-Anonymous-Id only', async () => {
    const id = randomUUID();
    const inUrl = await fetch(`${baseUrl()}/api/usage?anonymousUserId=${id}`);
    expect([inUrl.status, await inUrl.json()]).toEqual([400, { error: 'anonymousUserId is required', code: 'invalid_anonymous_id' }]);
    const response = await fetch(`${baseUrl()}/api/usage`, { headers: { 'x-anonymous-id': id } });
    expect(response.status).toBe(200);
    const usage = await response.json();
    expect(usage).toEqual({ billsUsed: 0, maxFreeBills: 3, tokens: 0, lastResetDate: expect.stringMatching(/^\d{4}-\d{2}-01$/), canUse: true, daysUntilReset: expect.any(Number) });
  });

  it('get-token-balance answers tokenBalance.totalTokens, with the id in the body or the header', async () => {
    const id = randomUUID();
    expect(await (await post('/functions/v1/get-token-balance', { anonymousUserId: id })).json()).toEqual({ tokenBalance: { totalTokens: 0 } });
    expect(await (await post('/functions/v1/get-token-balance', {}, { 'x-anonymous-id': id })).json()).toEqual({ tokenBalance: { totalTokens: 0 } });
  });

  it('store-token-purchase records the report and credits nothing', async () => {
    const id = randomUUID();
    const report = { anonymousUserId: id, tokens: 25, amount: 5.99, currency: 'GBP', paymentId: `pi_${randomUUID()}`, provider: 'stripe', status: 'completed' };
    const response = await post('/functions/v1/store-token-purchase', report);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, confirmed: false });
    expect(await (await post('/functions/v1/get-token-balance', { anonymousUserId: id })).json()).toEqual({ tokenBalance: { totalTokens: 0 } });
  });

  it('recovery answers the device balance, and refuses unknown or malformed codes', async () => {
    const id = randomUUID();
    expect(await (await post('/api/recovery', { anonymousUserId: id })).json()).toEqual({ anonymousUserId: id, tokens: 0 });
    const unknown = await post('/api/recovery', { anonymousUserId: id, recoveryCode: 'ABCD-EFGH-JKMN-PQRS' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatch(/recovery code/);
    expect((await post('/api/recovery', { anonymousUserId: id, recoveryCode: '12' })).status).toBe(400);
    expect((await post('/api/recovery-code', { anonymousUserId: id })).status).toBe(404);
  });

  it.each([
    ['GET', '/api/usage', undefined],
    ['GET', '/api/usage?anonymousUserId=nope', undefined],
    ['GET', '/api/usage', { 'x-anonymous-id': 'nope' }],
    ['POST', '/functions/v1/get-token-balance', { anonymousUserId: 'nope' }],
    ['POST', '/functions/v1/get-token-balance', '{"anonymousUserId":'],
    ['POST', '/functions/v1/store-token-purchase', { anonymousUserId: randomUUID(), tokens: -1, amount: 1, paymentId: 'x', provider: 'stripe' }],
    ['POST', '/functions/v1/store-token-purchase', { anonymousUserId: randomUUID(), tokens: 10, amount: 'lots', paymentId: 'x', provider: 'stripe' }],
    ['POST', '/api/recovery', { anonymousUserId: 42 }],
    ['POST', '/api/recovery-code', []],
  ])('%s %s with a bad id or body is a 400 with an error', async (method, path, body) => {
    const response = method === 'GET' ? await fetch(`${baseUrl()}${path}`, { headers: body as Record<string, string> | undefined }) : await post(path, body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(typeof answer.error).toBe('string');
    expect(answer.error.length).toBeGreaterThan(5);
  });
});

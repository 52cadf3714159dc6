import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusalOf } from '../../../src/contracts/endpoint';
import { reportPurchase, tokenBalance, usage } from '../../../src/contracts/metering';
import type { Services } from '../../../src/server/services';
import { anAnonymousId } from '../../support/builders';

type Route = (context: APIContext) => Promise<Response>;

// The real metering routes on the real composition root (embedded PGlite): what they answer is what
// the island's contract reads, and their refusals carry the contract's codes.
describe('the metering routes answer by their contracts', () => {
  let dataDir: string;
  let services: Services;
  let routes: { usage: Route; balance: Route; report: Route };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wp-metering-contract-'));
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('DATABASE_URL', '');
    vi.resetModules();
    routes = {
      usage: (await import('../../../src/pages/api/usage')).GET as never,
      balance: (await import('../../../src/pages/functions/v1/get-token-balance')).POST as never,
      report: (await import('../../../src/pages/functions/v1/store-token-purchase')).POST as never,
    };
    services = await (await import('../../../src/server/container/app')).services();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const context = (request: Request) => ({ request, params: {}, locals: { services: async () => services } }) as unknown as APIContext;
  const get = (path: string, headers: Record<string, string>) => context(new Request(`http://localhost${path}`, { headers }));
  const post = (path: string, body: unknown) => context(new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

  it('usage', async () => {
    const answer = await routes.usage(get(usage.path(), { 'x-anonymous-id': anAnonymousId() }));
    expect(usage.answer.safeParse(await answer.json()).success).toBe(true);
    const refused = await routes.usage(get(usage.path(), { 'x-anonymous-id': 'nope' }));
    expect(refusalOf(usage.refusals, await refused.json())).toEqual({ code: 'invalid_anonymous_id', error: 'anonymousUserId must be a UUID' });
  });

  it('get-token-balance', async () => {
    const answer = await routes.balance(post(tokenBalance.path(), { anonymousUserId: anAnonymousId() }));
    expect(tokenBalance.answer.safeParse(await answer.json()).success).toBe(true);
    const refused = await routes.balance(post(tokenBalance.path(), {}));
    expect(refusalOf(tokenBalance.refusals, await refused.json())).toEqual({ code: 'invalid_anonymous_id', error: 'anonymousUserId is required' });
  });

  it('store-token-purchase', async () => {
    const report = { anonymousUserId: anAnonymousId(), tokens: 25, amount: 5.99, paymentId: 'pi_contract', provider: 'stripe' };
    const answer = await routes.report(post(reportPurchase.path(), report));
    expect(reportPurchase.answer.safeParse(await answer.json()).success).toBe(true);
    const refused = await routes.report(post(reportPurchase.path(), { ...report, tokens: 0 }));
    expect(refusalOf(reportPurchase.refusals, await refused.json())).toMatchObject({ code: 'invalid_body' });
  });
});

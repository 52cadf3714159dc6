import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusalOf } from '../../../src/contracts/endpoint';
import { reportPurchase, tokenBalance, usage } from '../../../src/contracts/metering';
import { newRecoveryCode, recoverTokens, revokeRecoveryCodes } from '../../../src/contracts/token-recovery';
import type { Services } from '../../../src/server/services';
import { anAnonymousId } from '../../support/builders';

type Route = (context: APIContext) => Promise<Response>;

// The real metering and token routes on the real composition root (embedded PGlite): what they
// answer is what the islands' contracts read, and their refusals carry the contracts' codes.
describe('the token routes answer by their contracts', () => {
  let dataDir: string;
  let services: Services;
  let routes: { usage: Route; balance: Route; report: Route; recover: Route; newCode: Route; revoke: Route };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wp-token-contracts-'));
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('DATABASE_URL', '');
    vi.resetModules();
    routes = {
      usage: (await import('../../../src/pages/api/usage')).GET as never,
      balance: (await import('../../../src/pages/functions/v1/get-token-balance')).POST as never,
      report: (await import('../../../src/pages/functions/v1/store-token-purchase')).POST as never,
      recover: (await import('../../../src/pages/api/recovery')).POST as never,
      newCode: (await import('../../../src/pages/api/recovery-code')).POST as never,
      revoke: (await import('../../../src/pages/api/recovery-code/revoke')).POST as never,
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

  it('recovery', async () => {
    const device = anAnonymousId();
    const answer = await routes.recover(post(recoverTokens.path(), { anonymousUserId: device }));
    expect(recoverTokens.answer.safeParse(await answer.json())).toEqual({ success: true, data: { anonymousUserId: device, tokens: 0 } });
    const refused = await routes.recover(post(recoverTokens.path(), { anonymousUserId: device, recoveryCode: 'ABCD-EFGH-JKMN-PQRS' }));
    expect(refusalOf(recoverTokens.refusals, await refused.json())).toEqual({ code: 'unknown_code', error: 'That recovery code was not found. Check it and try again.' });
  });

  it('recovery codes: a new one, and revoking them', async () => {
    const refused = await routes.newCode(post(newRecoveryCode.path(), { anonymousUserId: anAnonymousId() }));
    expect(refusalOf(newRecoveryCode.refusals, await refused.json())).toEqual({ code: 'no_purchase', error: 'No confirmed purchase for this device yet.' });
    const revoked = await routes.revoke(post(revokeRecoveryCodes.path(), { anonymousUserId: anAnonymousId() }));
    expect(revokeRecoveryCodes.answer.safeParse(await revoked.json())).toEqual({ success: true, data: { revoked: 0 } });
  });
});

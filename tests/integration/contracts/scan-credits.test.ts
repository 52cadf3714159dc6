import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import type { z } from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusalOf } from '../../../src/contracts/endpoint';
import { reportPurchase, tokenBalance, usage } from '../../../src/contracts/scan-credits';
import { capturePayPalOrder, createPaymentIntent, createPayPalOrder, paymentOptions, purchaseState } from '../../../src/contracts/buying-tokens';
import { approveTestPayPalOrder, payWithTestCard } from '../../../src/contracts/buying-tokens-test-mode';
import { newRecoveryCode, recoverTokens, revokeRecoveryCodes } from '../../../src/contracts/scan-credits-recovery';
import type { Services } from '../../../src/server/services';
import { anAnonymousId } from '../../support/builders';

type Route = (context: APIContext) => Promise<Response>;

/** The answer's body when it parses with the schema; the parse error otherwise, so a failure shows it. */
const parsed = async (schema: z.ZodMiniType, response: Response): Promise<unknown> => {
  const result = schema.safeParse(await response.json());
  return result.success ? result.data : result.error;
};

// The real metering and token routes on the real composition root (embedded PGlite): what they
// answer is what the islands' contracts read, and their refusals carry the contracts' codes.
describe('the token routes answer by their contracts', () => {
  let dataDir: string;
  let services: Services;
  let routes: {
    usage: Route;
    balance: Route;
    report: Route;
    recover: Route;
    newCode: Route;
    revoke: Route;
    options: Route;
    intent: Route;
    state: Route;
    testCard: Route;
    order: Route;
    approve: Route;
    capture: Route;
  };

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
      options: (await import('../../../src/pages/api/payments/config')).GET as never,
      intent: (await import('../../../src/pages/functions/v1/create-payment-intent')).POST as never,
      state: (await import('../../../src/pages/api/payments/[ref]')).GET as never,
      testCard: (await import('../../../src/pages/api/test-mode/card')).POST as never,
      order: (await import('../../../src/pages/api/paypal/orders')).POST as never,
      approve: (await import('../../../src/pages/api/test-mode/paypal-approve')).POST as never,
      capture: (await import('../../../src/pages/api/paypal/orders/[id]/capture')).POST as never,
    };
    services = await (await import('../../../src/server/container/app')).services();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const context = (request: Request, params: Record<string, string> = {}) => ({ request, params, locals: { services: async () => services } }) as unknown as APIContext;
  const get = (path: string, headers: Record<string, string> = {}, params: Record<string, string> = {}) => context(new Request(`http://localhost${path}`, { headers }), params);
  const post = (path: string, body: unknown) => context(new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

  it('usage', async () => {
    const answer = await routes.usage(get(usage.path(), { 'x-anonymous-id': anAnonymousId() }));
    expect(await parsed(usage.answer, answer)).toMatchObject({ billsUsed: 0, maxFreeBills: 3, tokens: 0, canUse: true });
    const refused = await routes.usage(get(usage.path(), { 'x-anonymous-id': 'nope' }));
    expect(refusalOf(usage.refusals, await refused.json())).toEqual({ code: 'invalid_anonymous_id', error: 'anonymousUserId must be a UUID' });
  });

  it('get-token-balance', async () => {
    const answer = await routes.balance(post(tokenBalance.path(), { anonymousUserId: anAnonymousId() }));
    expect(await parsed(tokenBalance.answer, answer)).toEqual({ tokenBalance: { totalTokens: 0 } });
    const refused = await routes.balance(post(tokenBalance.path(), {}));
    expect(refusalOf(tokenBalance.refusals, await refused.json())).toEqual({ code: 'invalid_anonymous_id', error: 'anonymousUserId is required' });
  });

  it('store-token-purchase', async () => {
    const report = { anonymousUserId: anAnonymousId(), tokens: 25, amount: 5.99, paymentId: 'pi_contract', provider: 'stripe' };
    const answer = await routes.report(post(reportPurchase.path(), report));
    expect(await parsed(reportPurchase.answer, answer)).toEqual({ success: true, confirmed: false });
    const refused = await routes.report(post(reportPurchase.path(), { ...report, tokens: 0 }));
    expect(refusalOf(reportPurchase.refusals, await refused.json())).toMatchObject({ code: 'invalid_body' });
  });

  it('recovery', async () => {
    const device = anAnonymousId();
    const answer = await routes.recover(post(recoverTokens.path(), { anonymousUserId: device }));
    expect(await parsed(recoverTokens.answer, answer)).toEqual({ anonymousUserId: device, tokens: 0 });
    const refused = await routes.recover(post(recoverTokens.path(), { anonymousUserId: device, recoveryCode: 'ABCD-EFGH-JKMN-PQRS' }));
    expect(refusalOf(recoverTokens.refusals, await refused.json())).toEqual({ code: 'unknown_code', error: 'That recovery code was not found. Check it and try again.' });
  });

  it('recovery codes: none before a purchase, and revoking them', async () => {
    const refused = await routes.newCode(post(newRecoveryCode.path(), { anonymousUserId: anAnonymousId() }));
    expect(refusalOf(newRecoveryCode.refusals, await refused.json())).toEqual({ code: 'no_purchase', error: 'No confirmed purchase for this device yet.' });
    const revoked = await routes.revoke(post(revokeRecoveryCodes.path(), { anonymousUserId: anAnonymousId() }));
    expect(await parsed(revokeRecoveryCodes.answer, revoked)).toEqual({ revoked: 0 });
  });

  it('payment options: every offer priced and worded by the server', async () => {
    const options = (await parsed(paymentOptions.answer, await routes.options(get(paymentOptions.path())))) as { packages: unknown[]; plans: unknown[] };
    expect(options.packages).toContainEqual({
      type: 'package',
      id: 'medium',
      tokens: 25,
      amountPence: 599,
      amount: 5.99,
      price: '£5.99',
      description: '25 Premium Tokens',
      popular: true,
      savings: 'Save 20%',
    });
    expect(options.plans).toContainEqual(expect.objectContaining({ type: 'subscription', id: 'yearly', price: '£49.99', period: 'year', description: 'Yearly Premium Plan' }));
  });

  it('a card payment in TEST MODE: the intent, the simulated card, and the confirmed state', async () => {
    const body = { amount: 599, currency: 'gbp', description: '25 Premium Tokens', metadata: { type: 'package', package: 'medium', tokens: 25, anonymousUserId: anAnonymousId() } };
    const intent = (await parsed(createPaymentIntent.answer, await routes.intent(post(createPaymentIntent.path(), body)))) as { client_secret: string; id: string };
    expect(await parsed(payWithTestCard.answer, await routes.testCard(post(payWithTestCard.path(), { clientSecret: intent.client_secret, cardNumber: '4242 4242 4242 4242', name: 'Ada' })))).toEqual({
      outcome: 'succeeded',
    });
    expect(await parsed(purchaseState.answer, await routes.state(get(purchaseState.path(intent.id), {}, { ref: intent.id })))).toMatchObject({ status: 'succeeded', tokens: 25 });
    const refused = await routes.intent(post(createPaymentIntent.path(), { ...body, metadata: { ...body.metadata, package: 'gigantic' } }));
    expect(refusalOf(createPaymentIntent.refusals, await refused.json())).toEqual({ code: 'invalid_package', error: 'Invalid package selected' });
    const unknown = await routes.state(get(purchaseState.path('pi_nosuch'), {}, { ref: 'pi_nosuch' }));
    expect(refusalOf(purchaseState.refusals, await unknown.json())).toEqual({ code: 'payment_not_found', error: 'Payment not found' });
  });

  it('a PayPal payment in TEST MODE: the order, its approval and its capture, then a recovery code', async () => {
    const buyer = anAnonymousId();
    const order = (await parsed(createPayPalOrder.answer, await routes.order(post(createPayPalOrder.path(), { type: 'package', package: 'small', tokens: 10, anonymousUserId: buyer })))) as {
      id: string;
    };
    expect(await parsed(approveTestPayPalOrder.answer, await routes.approve(post(approveTestPayPalOrder.path(), { orderId: order.id })))).toEqual({ approved: true });
    const capture = (id: string) => routes.capture(context(new Request(`http://localhost${capturePayPalOrder.path(id)}`, { method: 'POST', body: '{}' }), { id }));
    expect(await parsed(capturePayPalOrder.answer, await capture(order.id))).toMatchObject({ status: 'COMPLETED', tokens: 10, balance: 10 });
    expect(await parsed(newRecoveryCode.answer, await routes.newCode(post(newRecoveryCode.path(), { anonymousUserId: buyer })))).toEqual({
      recoveryCode: expect.stringMatching(/^\w{4}-\w{4}-\w{4}-\w{4}$/),
      expiresAt: expect.any(String),
    });
    expect(refusalOf(capturePayPalOrder.refusals, await (await capture('NOSUCHORDER1')).json())).toMatchObject({ code: 'unknown_order' });
    const notApproved = await routes.approve(post(approveTestPayPalOrder.path(), { orderId: 'NOSUCHORDER1' }));
    expect(refusalOf(approveTestPayPalOrder.refusals, await notApproved.json())).toMatchObject({ code: 'not_approved' });
  });
});

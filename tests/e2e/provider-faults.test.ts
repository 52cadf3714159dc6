import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../src/server/http/json';
import { PAYMENT_MESSAGES } from '../../domain/buying-tokens/messages';
import { call, smallPackageIntent } from '../support/app-client';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { startFakePayPal, type FakePayPal } from '../support/fake-paypal';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';

const WEBHOOK_SECRET = 'whsec_provider_faults';

// The built server with live-provider keys pointing the official SDKs at local fakes, which the
// test switches into answering 500 and back.
describe('a payment provider answering 500', () => {
  let stripe: FakeStripe;
  let paypal: FakePayPal;
  let server: BuiltServer;
  let dataDir: string;

  beforeAll(async () => {
    [stripe, paypal] = await Promise.all([startFakeStripe(), startFakePayPal()]);
    dataDir = await mkdtemp(join(tmpdir(), 'wp-providers-'));
    server = await startBuiltServer({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: stripe.url,
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_BASE_URL: paypal.url,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([stripe?.close(), paypal?.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  const balance = async (anonymousUserId: string) => {
    const answer = await call(server.url, 'POST', '/functions/v1/get-token-balance', { anonymousUserId });
    return (JSON.parse(answer.body) as { tokenBalance: { totalTokens: number } }).tokenBalance.totalTokens;
  };
  const expectCleanFailure = (answer: { status: number; headers: Headers; body: string }, statuses: number[]) => {
    expect(statuses).toContain(answer.status);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(typeof (JSON.parse(answer.body) as { error: unknown }).error).toBe('string');
  };

  it('creating a card payment answers a clean 502 while Stripe fails', async () => {
    stripe.setOutage(true, 500);
    try {
      const answer = await call(server.url, 'POST', '/functions/v1/create-payment-intent', smallPackageIntent(randomUUID()));
      expectCleanFailure(answer, [502, 503]);
    } finally {
      stripe.setOutage(false);
    }
  });

  it('a webhook whose confirmation call fails is refused so Stripe redelivers; the redeliveries credit once', async () => {
    const buyer = randomUUID();
    const intent = await call(server.url, 'POST', '/functions/v1/create-payment-intent', smallPackageIntent(buyer));
    expect(intent.status).toBe(200);
    const { id } = JSON.parse(intent.body) as { id: string };
    stripe.cardOutcome(id, 'succeeded');
    const event = JSON.stringify({ id: `evt_${id}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id, object: 'payment_intent' } } }, null, 2);
    const deliver = () =>
      fetch(`${server.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }) },
        body: event,
        signal: AbortSignal.timeout(30_000),
      }).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.text() }));

    stripe.setOutage(true, 500);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const refused = await deliver();
        expectCleanFailure(refused, [503]);
        expect(JSON.parse(refused.body)).toEqual({ error: UNAVAILABLE_MESSAGE });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      stripe.setOutage(false);
    }
    expect(await balance(buyer)).toBe(0);

    const redeliveries = await Promise.all([deliver(), deliver()]);
    expect(redeliveries.map((r) => r.status)).toEqual([200, 200]);
    expect(redeliveries.map((r) => (JSON.parse(r.body) as { outcome: string }).outcome).sort()).toEqual(['already credited', 'credited']);
    expect(await balance(buyer)).toBe(10);
    expect((await deliver()).status).toBe(200);
    expect(await balance(buyer)).toBe(10);
  });

  it('PayPal failing refuses the order and the capture cleanly; capturing again once it is back credits once', async () => {
    const buyer = randomUUID();
    const order = { type: 'package', package: 'small', tokens: 10, anonymousUserId: buyer };
    paypal.setOutage(true, 500);
    try {
      const refused = await call(server.url, 'POST', '/api/paypal/orders', order);
      expectCleanFailure(refused, [502, 503]);
      expect(JSON.parse(refused.body)).toEqual({ error: PAYMENT_MESSAGES.paypalCreateFailed, code: 'provider_failed' });
    } finally {
      paypal.setOutage(false);
    }
    const created = await call(server.url, 'POST', '/api/paypal/orders', order);
    expect(created.status).toBe(200);
    const { id } = JSON.parse(created.body) as { id: string };

    paypal.setOutage(true, 500);
    try {
      const failed = await call(server.url, 'POST', `/api/paypal/orders/${id}/capture`);
      expectCleanFailure(failed, [503]);
    } finally {
      paypal.setOutage(false);
    }
    expect(await balance(buyer)).toBe(0);

    const captured = await call(server.url, 'POST', `/api/paypal/orders/${id}/capture`);
    expect(captured.status).toBe(200);
    expect(await balance(buyer)).toBe(10);
    const again = await call(server.url, 'POST', `/api/paypal/orders/${id}/capture`);
    expect(again.status).toBe(200);
    expect(await balance(buyer)).toBe(10);
    expect(JSON.parse((await call(server.url, 'GET', `/api/payments/${id}`)).body)).toMatchObject({ status: 'succeeded', tokens: 10, balance: 10 });
  });
});

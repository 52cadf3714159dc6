import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripeGateway } from '../../../adapters/stripe/stripe-gateway';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe';
import { aTokenShop, ANON } from '../../support/buying-tokens-shop';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_fake';

describe('Stripe adapter through the official SDK against a fake Stripe', () => {
  let fake: FakeStripe;
  let harness: ReturnType<typeof aTokenShop>;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.setOutage(false);
    harness = aTokenShop({ card: new StripeGateway({ secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, apiBaseUrl: fake.url }) });
  });

  const signed = (event: object, secret = WEBHOOK_SECRET, timestamp?: number) => {
    const payload = JSON.stringify(event);
    return { raw: new TextEncoder().encode(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) }) };
  };
  const succeeded = (id: string) => signed({ id: `evt_${id}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id, object: 'payment_intent' } } });
  const buy = async (pkg = 'medium', key?: string) => {
    const checkout = await harness.shop.startCheckout('card', { offerType: 'package', offerId: pkg, anonymousUserId: ANON, idempotencyKey: key, clientIp: '203.0.113.7' });
    if (!checkout.ok) throw new Error(checkout.error.code);
    return checkout.value;
  };

  it('creates the PaymentIntent server-side at the server price, with an idempotency key and the documents metadata', async () => {
    const { providerRef, clientSecret } = await buy('medium');
    expect(clientSecret).toBe(`${providerRef}_secret_fake`);
    const intent = fake.intent(providerRef)!;
    expect(intent).toMatchObject({ amount: 599, currency: 'gbp', metadata: { type: 'package', package: 'medium', tokens: '25', anonymousUserId: ANON } });
    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.includes(intent.metadata['orderId']!))!;
    expect(create.headers['idempotency-key']).toBe(intent.metadata['orderId']);
  });

  it('a retried request with the same Idempotency-Key gets the same PaymentIntent', async () => {
    const first = await buy('large', 'retry-key-1');
    const again = await buy('large', 'retry-key-1');
    expect(again.providerRef).toBe(first.providerRef);
  });

  it('refuses a package the server does not sell, or a claimed price that is not its own', async () => {
    const unknown = await harness.shop.startCheckout('card', { offerType: 'package', offerId: 'huge', anonymousUserId: ANON, clientIp: '203.0.113.7' });
    const cheap = await harness.shop.startCheckout('card', { offerType: 'package', offerId: 'large', claimedAmountPence: 1, anonymousUserId: ANON, clientIp: '203.0.113.7' });
    expect(unknown).toEqual({ ok: false, error: { code: 'invalid_package' } });
    expect(cheap).toEqual({ ok: false, error: { code: 'invalid_package' } });
  });

  it('success: the signed payment_intent.succeeded credits the tokens once, read back from Stripe', async () => {
    const { providerRef } = await buy('medium');
    fake.cardOutcome(providerRef, 'succeeded');
    const { raw, signature } = succeeded(providerRef);
    expect(await harness.shop.receiveCardWebhook(raw, signature)).toEqual({ ok: true, value: 'credited' });
    expect(harness.credits.credited).toEqual([expect.objectContaining({ anonymousUserId: ANON, tokens: 25, amountPence: 599, provider: 'stripe', providerPaymentId: providerRef })]);
    expect(await harness.shop.purchaseState(providerRef)).toEqual({ status: 'succeeded', tokens: 25, balance: 25, credited: true, paymentId: providerRef });
  });

  it('decline: a forged "succeeded" event for a declined intent credits nothing, because Stripe says otherwise', async () => {
    const { providerRef } = await buy('small');
    fake.cardOutcome(providerRef, 'declined');
    const { raw, signature } = succeeded(providerRef);
    expect(await harness.shop.receiveCardWebhook(raw, signature)).toEqual({ ok: true, value: 'pending' });
    expect(harness.credits.credited).toHaveLength(0);
  });

  it('3-D Secure pending: requires_action stays pending and credits nothing until it succeeds', async () => {
    const { providerRef } = await buy('small');
    fake.cardOutcome(providerRef, '3ds');
    const { raw, signature } = succeeded(providerRef);
    expect(await harness.shop.receiveCardWebhook(raw, signature)).toEqual({ ok: true, value: 'pending' });
    expect(await harness.shop.purchaseState(providerRef)).toEqual({ status: 'pending' });
    fake.cardOutcome(providerRef, 'succeeded');
    expect(await harness.shop.receiveCardWebhook(raw, signature)).toEqual({ ok: true, value: 'credited' });
    expect(harness.credits.credited).toHaveLength(1);
  });

  it('capture failure: an intent Stripe canceled (capture failed or expired) fails the order and credits nothing', async () => {
    const { providerRef } = await buy('medium');
    fake.cardOutcome(providerRef, 'canceled');
    const { raw, signature } = succeeded(providerRef);
    expect(await harness.shop.receiveCardWebhook(raw, signature)).toEqual({ ok: true, value: 'failed' });
    expect(await harness.shop.purchaseState(providerRef)).toEqual({ status: 'failed', reason: 'failed' });
    expect(harness.credits.credited).toHaveLength(0);
  });

  it('amount mismatch: an intent that received less than the order is not credited', async () => {
    const { providerRef } = await buy('large');
    fake.cardOutcome(providerRef, 'succeeded', 100);
    const { raw, signature } = succeeded(providerRef);
    expect(await harness.shop.receiveCardWebhook(raw, signature)).toEqual({ ok: true, value: 'failed' });
    expect(harness.credits.credited).toHaveLength(0);
  });

  it('a Stripe outage while creating the intent is the documents error, not a crash', async () => {
    fake.setOutage(true);
    const checkout = await harness.shop.startCheckout('card', { offerType: 'package', offerId: 'small', anonymousUserId: ANON, clientIp: '203.0.113.7' });
    expect(checkout).toEqual({ ok: false, error: { code: 'provider_failed' } });
  }, 30_000);

  it('plans are subscriptions: the first and every renewal invoice credit 999 tokens, each once', async () => {
    const checkout = await harness.shop.startCheckout('card', { offerType: 'subscription', offerId: 'yearly', anonymousUserId: ANON, clientIp: '203.0.113.7' });
    if (!checkout.ok) throw new Error(checkout.error.code);
    expect(checkout.value.clientSecret).toMatch(/_secret_/);
    const subscription = checkout.value.providerRef;
    const paid = (invoiceId: string) => signed({ id: `evt_${invoiceId}`, object: 'event', type: 'invoice.paid', data: { object: { id: invoiceId, object: 'invoice' } } });
    const first = paid(fake.payInvoice(subscription));
    expect(await harness.shop.receiveCardWebhook(first.raw, first.signature)).toEqual({ ok: true, value: 'credited' });
    expect(await harness.shop.receiveCardWebhook(first.raw, first.signature)).toEqual({ ok: true, value: 'already credited' });
    const renewal = paid(fake.payInvoice(subscription, true));
    expect(await harness.shop.receiveCardWebhook(renewal.raw, renewal.signature)).toEqual({ ok: true, value: 'credited' });
    expect(harness.credits.credited.map((c) => [c.tokens, c.amountPence])).toEqual([
      [999, 4999],
      [999, 4999],
    ]);
    expect(await harness.credits.balance(ANON)).toBe(1998);
  });
});

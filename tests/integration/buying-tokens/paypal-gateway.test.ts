import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PayPalGateway } from '../../../adapters/paypal/paypal-gateway';
import { startFakePayPal, type FakePayPal } from '../../support/fake-paypal';
import { aTokenShop, ANON } from '../../support/buying-tokens-shop';

describe('PayPal adapter through the official SDK against a fake PayPal', () => {
  let fake: FakePayPal;
  let harness: ReturnType<typeof aTokenShop>;
  beforeAll(async () => {
    fake = await startFakePayPal();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    harness = aTokenShop({ paypal: new PayPalGateway({ clientId: 'client', clientSecret: 'secret', apiBaseUrl: fake.url }) });
  });

  const createOrder = async (pkg = 'medium') => {
    const order = await harness.shop.startCheckout('paypal', { offerType: 'package', offerId: pkg, anonymousUserId: ANON, clientIp: '203.0.113.7' });
    if (!order.ok) throw new Error(order.error.code);
    return order.value.providerRef;
  };

  it('creates the order on our server: CAPTURE, GBP to 2 decimals, custom_id type_tokens_anonymousId, unique invoice_id, no shipping, pay now', async () => {
    const first = await createOrder('medium');
    const second = await createOrder('medium');
    const request = fake.order(first)!.request;
    expect(request).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'GBP', value: '5.99' }, custom_id: `package_25_${ANON}`, description: '25 Premium Tokens' }],
      payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } } },
    });
    expect(request.purchase_units[0]!.invoice_id).not.toBe(fake.order(second)!.request.purchase_units[0]!.invoice_id);
  });

  it('success: a COMPLETED capture that matches is credited once, even when captured twice', async () => {
    const id = await createOrder('large');
    expect(await harness.shop.capturePayPal(id)).toEqual({ ok: true, value: { tokens: 50, balance: 50, paymentId: expect.stringMatching(/^CAP/) } });
    expect(await harness.shop.capturePayPal(id)).toEqual({ ok: true, value: { tokens: 50, balance: 50, paymentId: expect.stringMatching(/^CAP/) } });
    expect(harness.credits.credited).toEqual([expect.objectContaining({ provider: 'paypal', tokens: 50, amountPence: 999 })]);
    const captures = fake.requests.filter((r) => r.path.endsWith('/capture'));
    expect(captures.every((r) => r.headers['paypal-request-id'] === `capture-${id}`)).toBe(true);
  });

  it('decline: an instrument declined at capture is "Payment capture failed" and credits nothing', async () => {
    const id = await createOrder();
    fake.onCapture(id, 'declined');
    expect(await harness.shop.capturePayPal(id)).toEqual({ ok: false, error: { code: 'not_completed' } });
    expect(harness.credits.credited).toHaveLength(0);
  });

  it('pending capture (e.g. under review) credits nothing yet', async () => {
    const id = await createOrder();
    fake.onCapture(id, 'pending');
    expect(await harness.shop.capturePayPal(id)).toEqual({ ok: false, error: { code: 'not_completed' } });
    expect(harness.credits.credited).toHaveLength(0);
  });

  it('capture failure before approval credits nothing, and the order can still be captured once approved', async () => {
    const id = await createOrder();
    fake.onCapture(id, 'not approved');
    expect((await harness.shop.capturePayPal(id)).ok).toBe(false);
    fake.onCapture(id, 'completed');
    expect(await harness.shop.capturePayPal(id)).toEqual({ ok: true, value: { tokens: 25, balance: 25, paymentId: expect.stringMatching(/^CAP/) } });
  });

  it('amount mismatch: a capture for another amount is not credited', async () => {
    const id = await createOrder();
    fake.onCapture(id, 'amount mismatch');
    expect(await harness.shop.capturePayPal(id)).toEqual({ ok: false, error: { code: 'payment_mismatch' } });
    expect(harness.credits.credited).toHaveLength(0);
  });

  it('an order we never created is not captured', async () => {
    expect(await harness.shop.capturePayPal('UNKNOWN0000001')).toEqual({ ok: false, error: { code: 'unknown_order' } });
    expect(fake.requests.some((r) => r.path.includes('UNKNOWN'))).toBe(false);
  });

  it('plans cannot be bought with PayPal: only packages', async () => {
    const plan = await harness.shop.startCheckout('paypal', { offerType: 'subscription', offerId: 'monthly', anonymousUserId: ANON, clientIp: '203.0.113.7' });
    expect(plan).toEqual({ ok: false, error: { code: 'invalid_package' } });
  });
});

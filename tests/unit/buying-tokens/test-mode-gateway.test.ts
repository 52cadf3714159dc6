import { describe, expect, it } from 'vitest';
import { TEST_CARDS, TestModeGateway } from '../../../adapters/test-mode/test-mode-gateway';
import { aTokenShop, ANON } from '../../support/buying-tokens-shop';
import { anAnonymousId } from '../../support/builders';

describe('TEST MODE: the simulated provider, end to end through the same webhook path', () => {
  async function checkout(card: TestModeGateway) {
    const { shop, credits } = aTokenShop({ card });
    const started = await shop.startCheckout('card', { offerType: 'package', offerId: 'medium', anonymousUserId: ANON, clientIp: '203.0.113.7' });
    if (!started.ok || !started.value.clientSecret) throw new Error('no checkout');
    return { shop, credits, ref: started.value.providerRef, secret: started.value.clientSecret };
  }

  it('a test card that pays sends a signed webhook which credits once', async () => {
    const card = new TestModeGateway('card');
    const { shop, credits, ref, secret } = await checkout(card);
    const { outcome, webhook } = card.payWithCard(secret, '4242 4242 4242 4242');
    expect(outcome).toBe('succeeded');
    expect(await shop.receiveCardWebhook(webhook!.rawBody, webhook!.signature)).toEqual({ ok: true, value: 'credited' });
    expect(await shop.receiveCardWebhook(webhook!.rawBody, webhook!.signature)).toEqual({ ok: true, value: 'already credited' });
    expect(await shop.purchaseState(ref)).toEqual({ status: 'succeeded', tokens: 25, balance: 25, credited: true, paymentId: ref });
    expect(credits.credited).toHaveLength(1);
  });

  it('declined, 3-D Secure and invalid cards credit nothing and send no webhook', async () => {
    const card = new TestModeGateway('card');
    const { credits, secret } = await checkout(card);
    expect(card.payWithCard(secret, TEST_CARDS.declined)).toEqual({ outcome: 'declined', webhook: null });
    expect(card.payWithCard(secret, TEST_CARDS.authenticationRequired)).toEqual({ outcome: 'authentication required', webhook: null });
    expect(card.payWithCard(secret, '4242 4242 4242 4241')).toEqual({ outcome: 'invalid card', webhook: null });
    expect(card.payWithCard(`${secret}x`, TEST_CARDS.success)).toEqual({ outcome: 'invalid card', webhook: null });
    expect(credits.credited).toHaveLength(0);
  });

  it('3-D Secure: a failed challenge pays nothing; a completed one sends the webhook that credits', async () => {
    const card = new TestModeGateway('card');
    const { shop, credits, secret } = await checkout(card);
    expect(card.payWithCard(secret, TEST_CARDS.authenticationRequired).outcome).toBe('authentication required');
    expect(card.authenticate(secret, false)).toEqual({ outcome: 'declined', webhook: null });
    expect(card.authenticate(secret, true)).toEqual({ outcome: 'invalid card', webhook: null });
    card.payWithCard(secret, TEST_CARDS.authenticationRequired);
    const { outcome, webhook } = card.authenticate(secret, true);
    expect(outcome).toBe('succeeded');
    expect(await shop.receiveCardWebhook(webhook!.rawBody, webhook!.signature)).toEqual({ ok: true, value: 'credited' });
    expect(credits.credited).toHaveLength(1);
  });

  it('its webhooks are verified like real ones: a tampered body or another simulator signature is rejected', async () => {
    const card = new TestModeGateway('card');
    const { shop, credits, secret } = await checkout(card);
    const { webhook } = card.payWithCard(secret, TEST_CARDS.success);
    const tampered = Uint8Array.from(webhook!.rawBody);
    tampered[tampered.length - 3]! ^= 1;
    expect(await shop.receiveCardWebhook(tampered, webhook!.signature)).toEqual({ ok: false, error: 'invalid_signature' });
    const other = await new TestModeGateway('card').parseWebhook(webhook!.rawBody, webhook!.signature);
    expect(other.ok).toBe(false);
    expect(credits.credited).toHaveLength(0);
  });

  it('the simulated PayPal order is credited only after the buyer approves and our server captures', async () => {
    const paypal = new TestModeGateway('paypal');
    const { shop, credits } = aTokenShop({ paypal });
    const order = await shop.startCheckout('paypal', { offerType: 'package', offerId: 'small', anonymousUserId: ANON, clientIp: '203.0.113.7' });
    if (!order.ok) throw new Error('no order');
    expect((await shop.capturePayPal(order.value.providerRef)).ok).toBe(false);
    expect(paypal.approve(order.value.providerRef)).toBe(true);
    expect(await shop.capturePayPal(order.value.providerRef)).toEqual({ ok: true, value: { tokens: 10, balance: 10, paymentId: order.value.providerRef } });
    expect(credits.credited).toHaveLength(1);
  });
});

describe('checkouts per device are limited', () => {
  it('the 21st checkout within an hour is refused with a 429 and creates nothing', async () => {
    const card = new TestModeGateway('card');
    const { shop } = aTokenShop({ card });
    for (let i = 0; i < 20; i++) expect((await shop.startCheckout('card', { offerType: 'package', offerId: 'small', anonymousUserId: ANON, clientIp: '203.0.113.7' })).ok).toBe(true);
    const refused = await shop.startCheckout('card', { offerType: 'package', offerId: 'small', anonymousUserId: ANON, clientIp: '203.0.113.7' });
    expect(refused).toEqual({ ok: false, error: { code: 'rate_limited', retryAfterSeconds: expect.any(Number) } });
  });

  it('and so are checkouts from one address across devices', async () => {
    const { shop } = aTokenShop({ card: new TestModeGateway('card') });
    for (let i = 0; i < 60; i++) expect((await shop.startCheckout('card', { offerType: 'package', offerId: 'small', anonymousUserId: anAnonymousId(), clientIp: '203.0.113.9' })).ok).toBe(true);
    const newDevice = anAnonymousId();
    const refused = await shop.startCheckout('card', { offerType: 'package', offerId: 'small', anonymousUserId: newDevice, clientIp: '203.0.113.9' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    expect((await shop.startCheckout('card', { offerType: 'package', offerId: 'small', anonymousUserId: newDevice, clientIp: '198.51.100.1' })).ok).toBe(true);
  });
});

describe('when crediting fails after PayPal confirmed the payment', () => {
  it('the buyer is told to contact support, and a provider fault is a capture failure', async () => {
    const paypal = new TestModeGateway('paypal');
    const { shop, credits } = aTokenShop({ paypal });
    const order = await shop.startCheckout('paypal', { offerType: 'package', offerId: 'small', anonymousUserId: ANON, clientIp: '203.0.113.7' });
    if (!order.ok) throw new Error('no order');
    paypal.approve(order.value.providerRef);
    credits.creditConfirmedPayment = () => Promise.reject(new Error('database down'));
    expect(await shop.capturePayPal(order.value.providerRef)).toEqual({ ok: false, error: { code: 'credit_failed' } });
    paypal.confirm = () => Promise.reject(new Error('network down'));
    expect(await shop.capturePayPal(order.value.providerRef)).toEqual({ ok: false, error: { code: 'capture_failed' } });
  });
});

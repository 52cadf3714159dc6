import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../../../domain/money';
import { paypalCustomId } from '../../../domain/buying-tokens/custom-id';
import { DEFAULT_PACKAGE_ID, DEFAULT_PLAN_ID, findOffer, SUBSCRIPTION_PLANS, TOKEN_PACKAGES } from '../../../domain/buying-tokens/offers';
import { fromDecimalAmount, matchesOrder, toDecimalAmount, type PaymentOrder, type ProviderPayment } from '../../../domain/buying-tokens/verification';
import { anAnonymousId } from '../../support/builders';

describe('the server price table', () => {
  it('sells the packages and plans of the documents', () => {
    expect(TOKEN_PACKAGES.map((p) => [p.id, p.tokens, p.pricePence, p.popular])).toEqual([
      ['small', 10, 299, false],
      ['medium', 25, 599, true],
      ['large', 50, 999, false],
    ]);
    expect(SUBSCRIPTION_PLANS.map((p) => [p.id, p.pricePence, p.period, p.tokens])).toEqual([
      ['monthly', 499, 'month', 999],
      ['yearly', 4999, 'year', 999],
    ]);
    expect([DEFAULT_PACKAGE_ID, DEFAULT_PLAN_ID]).toEqual(['medium', 'yearly']);
  });

  it('prices an offer from its own table and refuses claims that disagree', () => {
    expect(findOffer('package', 'large')).toMatchObject({ ok: true, value: { tokens: 50, amountPence: 999 } });
    expect(findOffer('package', 'large', { tokens: 50, amountPence: 999 }).ok).toBe(true);
    expect(findOffer('package', 'large', { amountPence: 299 })).toEqual({ ok: false, error: 'Invalid package selected' });
    expect(findOffer('package', 'large', { tokens: 51 })).toEqual({ ok: false, error: 'Invalid package selected' });
    expect(findOffer('package', 'yearly')).toEqual({ ok: false, error: 'Invalid package selected' });
    expect(findOffer('subscription', 'yearly')).toMatchObject({ ok: true, value: { tokens: 999, amountPence: 4999, period: 'year' } });
    expect(findOffer('__proto__', 'constructor').ok).toBe(false);
  });
});

describe('PayPal amounts', () => {
  it('2-decimal text round-trips every amount in pence', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (p) => fromDecimalAmount(toDecimalAmount(p)) === p));
    expect(toDecimalAmount(599)).toBe('5.99');
    expect(toDecimalAmount(5)).toBe('0.05');
  });

  it('refuses anything that is not a plain amount', () => {
    expect(['5.999', '-5.99', '5,99', '', '1e3', ' 5.99'].map(fromDecimalAmount)).toEqual([null, null, null, null, null, null]);
    expect(fromDecimalAmount('5.9')).toBe(590);
  });
});

describe('a provider payment matches the order only exactly', () => {
  const order: PaymentOrder = {
    id: 'o',
    provider: 'paypal',
    providerRef: 'X',
    anonymousUserId: anAnonymousId('00000000-0000-4000-8000-000000001234'),
    offerType: 'package',
    offerId: 'medium',
    tokens: 25,
    amountPence: minorUnits(599),
    currency: 'GBP',
    status: 'pending',
  };
  const payment: ProviderPayment = {
    providerPaymentId: 'CAP',
    status: 'succeeded',
    amountPence: 599,
    currency: 'GBP',
    anonymousUserId: null,
    customId: paypalCustomId('package', 25, order.anonymousUserId),
  };

  it('accepts the same amount, currency and custom id', () => {
    expect(matchesOrder(order, payment).ok).toBe(true);
    expect(matchesOrder(order, { ...payment, currency: 'gbp' }).ok).toBe(true);
  });

  it('refuses any difference', () => {
    expect(matchesOrder(order, { ...payment, amountPence: 598 })).toEqual({ ok: false, error: 'amount mismatch' });
    expect(matchesOrder(order, { ...payment, currency: 'EUR' })).toEqual({ ok: false, error: 'currency mismatch' });
    expect(matchesOrder(order, { ...payment, customId: paypalCustomId('package', 50, order.anonymousUserId) })).toEqual({ ok: false, error: 'custom id mismatch' });
    expect(matchesOrder(order, { ...payment, customId: null, anonymousUserId: 'someone-else' })).toEqual({ ok: false, error: 'payer mismatch' });
  });
});

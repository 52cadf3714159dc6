import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ProviderPayment } from '../../domain/buying-tokens/verification';
import { err, ok, type Result } from '../../domain/result';
import type { Checkout, ProviderCheckoutFailure, CheckoutRequest, PaidInvoice, PaymentGateway, WebhookNotice } from '../../ports/buying-tokens/payment-gateway';
import type { PaymentSimulator, SignedWebhook, SimulatedCardOutcome } from '../../ports/buying-tokens/payment-simulator';

/** Test cards, as on Stripe's test page: one that pays, one that is declined, one that asks for 3-D Secure. */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002', authenticationRequired: '4000002760003184' } as const;

interface SimulatedPayment {
  readonly request: CheckoutRequest;
  status: 'requires payment' | 'requires action' | 'approved' | 'succeeded';
}

const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * TEST MODE: a stand-in for Stripe or PayPal when no keys are set, so a purchase can be tried end
 * to end on the embedded defaults. It keeps its payments in memory (like a provider would on its
 * side), takes test card numbers, and signs its webhooks so they go through the same verification
 * path as real ones. No money moves.
 */
export class TestModeGateway implements PaymentGateway, PaymentSimulator {
  readonly provider = 'test' as const;
  private readonly payments = new Map<string, SimulatedPayment>();
  private readonly byIdempotencyKey = new Map<string, string>();
  private readonly secret = randomBytes(32);

  constructor(private readonly kind: 'card' | 'paypal') {}

  async createCheckout(request: CheckoutRequest): Promise<Result<Checkout, ProviderCheckoutFailure>> {
    const existing = this.byIdempotencyKey.get(request.orderId);
    const ref = existing ?? (this.kind === 'card' ? `pi_test_${randomUUID().replaceAll('-', '')}` : `TEST-${randomUUID().toUpperCase()}`);
    if (existing === undefined) {
      this.payments.set(ref, { request, status: 'requires payment' });
      this.byIdempotencyKey.set(request.orderId, ref);
    }
    return ok({ providerRef: ref, clientSecret: this.kind === 'card' ? `${ref}_secret_${this.clientSecretFor(ref)}` : null });
  }

  /** The simulated card form: charges a test card and, on success, returns the webhook the provider would send. */
  payWithCard(clientSecret: string, cardNumber: string): { outcome: SimulatedCardOutcome; webhook: SignedWebhook | null } {
    const ref = clientSecret.split('_secret_')[0] ?? '';
    const payment = this.payments.get(ref);
    if (!payment || clientSecret !== `${ref}_secret_${this.clientSecretFor(ref)}`) return { outcome: 'invalid card', webhook: null };
    const digits = cardNumber.replace(/[\s-]/g, '');
    if (digits === TEST_CARDS.declined) return { outcome: 'declined', webhook: null };
    if (digits === TEST_CARDS.authenticationRequired) {
      payment.status = 'requires action';
      return { outcome: 'authentication required', webhook: null };
    }
    if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return { outcome: 'invalid card', webhook: null };
    payment.status = 'succeeded';
    return { outcome: 'succeeded', webhook: this.signedEvent('payment_intent.succeeded', ref) };
  }

  /** The simulated 3-D Secure challenge: completing it pays (and sends the webhook), failing it leaves the card unpaid. */
  authenticate(clientSecret: string, completed: boolean): { outcome: SimulatedCardOutcome; webhook: SignedWebhook | null } {
    const ref = clientSecret.split('_secret_')[0] ?? '';
    const payment = this.payments.get(ref);
    if (!payment || payment.status !== 'requires action' || clientSecret !== `${ref}_secret_${this.clientSecretFor(ref)}`) return { outcome: 'invalid card', webhook: null };
    if (!completed) {
      payment.status = 'requires payment';
      return { outcome: 'declined', webhook: null };
    }
    payment.status = 'succeeded';
    return { outcome: 'succeeded', webhook: this.signedEvent('payment_intent.succeeded', ref) };
  }

  /** The simulated PayPal window: the buyer approves the order; our server still has to capture it. */
  approve(orderRef: string): boolean {
    const payment = this.payments.get(orderRef);
    if (!payment || payment.status !== 'requires payment') return false;
    payment.status = 'approved';
    return true;
  }

  async confirm(providerRef: string): Promise<ProviderPayment> {
    const payment = this.payments.get(providerRef);
    if (!payment) return { providerPaymentId: providerRef, status: 'failed', amountPence: 0, currency: 'GBP', anonymousUserId: null, customId: null };
    if (this.kind === 'paypal' && payment.status === 'approved') payment.status = 'succeeded';
    const status = payment.status === 'succeeded' ? 'succeeded' : this.kind === 'paypal' && payment.status === 'requires payment' ? 'failed' : 'pending';
    return {
      providerPaymentId: providerRef,
      status,
      amountPence: payment.request.offer.amountPence,
      currency: 'GBP',
      anonymousUserId: payment.request.anonymousUserId,
      customId: null,
    };
  }

  async paidInvoice(): Promise<PaidInvoice | null> {
    return null;
  }

  async parseWebhook(rawBody: Uint8Array, signature: string | null): Promise<Result<WebhookNotice, 'invalid signature'>> {
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature ?? '');
    if (!match) return err('invalid signature');
    const timestamp = Number(match[1]);
    const expected = this.sign(timestamp, rawBody);
    const given = Buffer.from(match[2]!, 'hex');
    if (!timingSafeEqual(expected, given) || Math.abs(Date.now() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return err('invalid signature');
    const event = JSON.parse(Buffer.from(rawBody).toString('utf8')) as { type: string; data: { object: { id: string } } };
    if (event.type === 'payment_intent.succeeded') return ok({ kind: 'payment succeeded', providerRef: event.data.object.id });
    return ok({ kind: 'ignored', type: event.type });
  }

  private signedEvent(type: string, ref: string): SignedWebhook {
    const rawBody = Buffer.from(JSON.stringify({ id: `evt_test_${randomUUID()}`, type, data: { object: { id: ref } } }));
    const timestamp = Math.floor(Date.now() / 1000);
    return { rawBody, signature: `t=${timestamp},v1=${this.sign(timestamp, rawBody).toString('hex')}` };
  }

  private sign(timestamp: number, rawBody: Uint8Array): Buffer {
    return createHmac('sha256', this.secret).update(`${timestamp}.`).update(rawBody).digest();
  }

  private clientSecretFor(ref: string): string {
    return createHmac('sha256', this.secret).update(ref).digest('hex').slice(0, 24);
  }
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

import type { AnonymousId } from '../../../domain/anonymous-id';
import { findOffer, type Offer } from '../../../domain/buying-tokens/offers';
import { matchesOrder, type PaymentOrder } from '../../../domain/buying-tokens/verification';
import { err, ok, type Result } from '../../../domain/result';
import type { Log } from '../../../ports/log';
import type { PaymentGateway } from '../../../ports/buying-tokens/payment-gateway';
import type { PaymentOrders } from '../../../ports/buying-tokens/payment-orders';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { ScanCredits } from '../../../ports/scan-credits';
import type { Secrets } from '../../../ports/secrets';

export interface CheckoutInput {
  readonly offerType: string;
  readonly offerId: string;
  readonly claimedTokens?: number | undefined;
  readonly claimedAmountPence?: number | undefined;
  readonly anonymousUserId: AnonymousId;
  /** The client's Idempotency-Key: the same key always yields the same checkout. */
  readonly idempotencyKey?: string | undefined;
  /** The caller's address, for the per-address limit. */
  readonly clientIp: string;
}

export type CheckoutFailure = { readonly code: 'invalid_package' | 'idempotency_conflict' | 'provider_failed' } | { readonly code: 'rate_limited'; readonly retryAfterSeconds: number };

/** Why a PayPal capture credited nothing: the provider failed, our ledger failed, or the order does not match. */
export type CaptureFailure = { readonly code: 'capture_failed' | 'credit_failed' | 'payment_mismatch' | 'unknown_order' | 'not_completed' };

// Each checkout costs a provider call and a row: enough for real buyers, not for a script.
const CHECKOUTS_PER_DEVICE: RateLimit = { max: 20, windowSeconds: 60 * 60 };
const CHECKOUTS_PER_CLIENT: RateLimit = { max: 60, windowSeconds: 60 * 60 };

/** Where a purchase stands, as verified by the provider and recorded by us. */
export type PurchaseState =
  | { readonly status: 'succeeded'; readonly tokens: number; readonly balance: number; readonly credited: boolean; readonly paymentId: string }
  | { readonly status: 'pending' }
  | { readonly status: 'failed'; readonly reason: string };

export type WebhookOutcome = 'credited' | 'already credited' | 'pending' | 'failed' | 'ignored';

/**
 * Buying tokens. Checkouts are priced from the server's table; tokens are credited only after the
 * provider itself confirms the payment (a verified webhook, or our own PayPal capture), and only
 * through TokenCredits, which credits each provider payment id once.
 */
export class TokenShop {
  constructor(
    private readonly orders: PaymentOrders,
    private readonly card: PaymentGateway,
    private readonly paypal: PaymentGateway,
    private readonly credits: ScanCredits,
    private readonly limiter: RateLimiter,
    private readonly log: Log,
    private readonly secrets: Secrets,
  ) {}

  async startCheckout(method: 'card' | 'paypal', input: CheckoutInput): Promise<Result<{ providerRef: string; clientSecret: string | null }, CheckoutFailure>> {
    const found = findOffer(input.offerType, input.offerId, { tokens: input.claimedTokens, amountPence: input.claimedAmountPence });
    if (!found.ok || (method === 'paypal' && found.value.type === 'subscription')) return err({ code: 'invalid_package' });
    const offer = found.value;
    for (const [key, limit] of [
      [`checkout:${input.anonymousUserId}`, CHECKOUTS_PER_DEVICE],
      [`checkout:client:${input.clientIp}`, CHECKOUTS_PER_CLIENT],
    ] as const) {
      const decision = await this.limiter.hit(key, limit);
      if (!decision.allowed) return err({ code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds });
    }
    const gateway = this.gateway(method);
    const key = `${method}:${input.anonymousUserId}:${input.idempotencyKey ?? this.secrets.randomUuid()}`;
    const { order } = await this.orders.createPending(
      {
        id: this.secrets.randomUuid(),
        provider: gateway.provider,
        anonymousUserId: input.anonymousUserId,
        offerType: offer.type,
        offerId: offer.id,
        tokens: offer.tokens,
        amountPence: offer.amountPence,
        currency: 'GBP',
      },
      key,
    );
    if (order.offerType !== offer.type || order.offerId !== offer.id) return err({ code: 'idempotency_conflict' });
    const checkout = await gateway.createCheckout({ orderId: order.id, offer: offerOf(order, offer), anonymousUserId: order.anonymousUserId });
    if (!checkout.ok) {
      this.log.warn({ orderId: order.id, provider: gateway.provider }, 'checkout could not be created');
      return err({ code: 'provider_failed' });
    }
    if (order.providerRef === null) await this.orders.attachProviderRef(order.id, checkout.value.providerRef);
    return ok({ providerRef: checkout.value.providerRef, clientSecret: checkout.value.clientSecret });
  }

  /** A card provider's webhook: the signature is checked over the raw bytes, then the payment is read back from the provider. */
  async receiveCardWebhook(rawBody: Uint8Array, signature: string | null): Promise<Result<WebhookOutcome, 'invalid_signature'>> {
    const notice = await this.card.parseWebhook(rawBody, signature);
    if (!notice.ok) return err('invalid_signature');
    switch (notice.value.kind) {
      case 'payment succeeded':
        return ok(webhookOutcome(await this.settle(this.card, notice.value.providerRef)));
      case 'invoice paid':
        return ok(await this.settleInvoice(notice.value.invoiceId));
      default:
        return ok('ignored');
    }
  }

  /** PayPal: our server captures the approved order, and credits only a COMPLETED capture that matches the order. */
  async capturePayPal(orderRef: string): Promise<Result<{ tokens: number; balance: number; paymentId: string }, CaptureFailure>> {
    const state = await this.settle(this.paypal, orderRef).catch((error: unknown) => {
      this.log.error({ err: error, orderRef }, 'paypal capture or credit failed');
      return error instanceof CreditFailed ? ('credit failed' as const) : ('capture failed' as const);
    });
    if (state === 'credit failed') return err({ code: 'credit_failed' });
    if (state === 'capture failed') return err({ code: 'capture_failed' });
    if (state.status === 'succeeded') return ok({ tokens: state.tokens, balance: state.balance, paymentId: state.paymentId });
    if (state.status === 'failed' && state.reason.endsWith('mismatch')) return err({ code: 'payment_mismatch' });
    if (state.status === 'failed' && state.reason === 'unknown order') return err({ code: 'unknown_order' });
    return err({ code: 'not_completed' });
  }

  /** What the return page and the dialog show: our record, which only a provider confirmation moves. Credits nothing. */
  async purchaseState(providerRef: string): Promise<PurchaseState | null> {
    const order = await this.orders.findByProviderRef(providerRef);
    if (!order) return null;
    if (order.status === 'pending') return { status: 'pending' };
    if (order.status === 'failed') return { status: 'failed', reason: 'failed' };
    return { status: 'succeeded', tokens: order.tokens, balance: await this.credits.balance(order.anonymousUserId), credited: true, paymentId: order.providerRef ?? order.id };
  }

  private async settle(gateway: PaymentGateway, providerRef: string): Promise<PurchaseState> {
    const order = await this.orders.findByProviderRef(providerRef);
    if (!order || order.provider !== gateway.provider) return { status: 'failed', reason: 'unknown order' };
    const payment = await gateway.confirm(providerRef);
    if (payment.status === 'pending') return { status: 'pending' };
    if (payment.status === 'failed') {
      await this.orders.settle(order.id, 'failed');
      return { status: 'failed', reason: 'declined' };
    }
    const matched = matchesOrder(order, payment);
    if (!matched.ok) {
      this.log.error({ orderId: order.id, providerPaymentId: payment.providerPaymentId, reason: matched.error }, 'provider payment does not match the order: not credited');
      await this.orders.settle(order.id, 'failed');
      return { status: 'failed', reason: matched.error };
    }
    return this.credit(order, payment.providerPaymentId);
  }

  /** Plans: every paid invoice of the subscription credits the plan's tokens, once per invoice. */
  private async settleInvoice(invoiceId: string): Promise<WebhookOutcome> {
    const invoice = await this.card.paidInvoice(invoiceId);
    if (!invoice) return 'ignored';
    const order = await this.orders.findByProviderRef(invoice.subscriptionRef);
    if (!order) return 'ignored';
    const matched = matchesOrder(order, invoice.payment);
    if (!matched.ok) {
      this.log.error({ orderId: order.id, invoiceId, reason: matched.error }, 'paid invoice does not match the plan: not credited');
      return 'failed';
    }
    return webhookOutcome(await this.credit(order, invoice.payment.providerPaymentId));
  }

  private async credit(order: PaymentOrder, providerPaymentId: string): Promise<PurchaseState> {
    const outcome = await this.credits
      .creditConfirmedPayment({ anonymousUserId: order.anonymousUserId, tokens: order.tokens, amountPence: order.amountPence, currency: 'GBP', provider: order.provider, providerPaymentId })
      .catch((error: unknown) => {
        throw new CreditFailed(providerPaymentId, { cause: error });
      });
    await this.orders.settle(order.id, 'succeeded');
    return { status: 'succeeded', tokens: order.tokens, balance: outcome.balance, credited: outcome.credited, paymentId: providerPaymentId };
  }

  private gateway(method: 'card' | 'paypal'): PaymentGateway {
    return method === 'card' ? this.card : this.paypal;
  }
}

/** The provider confirmed the payment but our ledger could not record it: support must know. */
class CreditFailed extends Error {
  constructor(providerPaymentId: string, options: ErrorOptions) {
    super(`Confirmed payment ${providerPaymentId} could not be credited`, options);
  }
}

function webhookOutcome(state: PurchaseState): WebhookOutcome {
  if (state.status === 'succeeded') return state.credited ? 'credited' : 'already credited';
  return state.status;
}

/** A retried request gets the checkout of the order it first made, at that order's price. */
function offerOf(order: PaymentOrder, offer: Offer): Offer {
  return { ...offer, tokens: order.tokens, amountPence: order.amountPence };
}

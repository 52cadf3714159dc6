import type { Offer } from '../../domain/buying-tokens/offers';
import type { ProviderPayment } from '../../domain/buying-tokens/verification';
import type { Result } from '../../domain/result';

export interface CheckoutRequest {
  /** Our order id: also the idempotency key, so a retried request never creates a second charge. */
  readonly orderId: string;
  readonly offer: Offer;
  readonly anonymousUserId: string;
}

export interface Checkout {
  /** The provider's id for what was created (PaymentIntent, subscription or PayPal order). */
  readonly providerRef: string;
  /** What the browser needs to confirm a card payment (Stripe's client_secret); null for PayPal. */
  readonly clientSecret: string | null;
}

export type ProviderCheckoutFailure = 'provider unavailable';

/** Something the provider told us through a webhook whose signature we verified. */
export type WebhookNotice =
  { readonly kind: 'payment succeeded'; readonly providerRef: string } | { readonly kind: 'invoice paid'; readonly invoiceId: string } | { readonly kind: 'ignored'; readonly type: string };

/**
 * A payment provider as the token shop needs it: start a checkout for an offer, find out (from the
 * provider, never the browser) what happened to it, and read its verified webhooks.
 */
export interface PaymentGateway {
  readonly provider: 'stripe' | 'paypal' | 'test';
  createCheckout(request: CheckoutRequest): Promise<Result<Checkout, ProviderCheckoutFailure>>;
  /**
   * Makes the payment final where the provider needs our server to (a PayPal capture, sent with a
   * request id so a retry never captures twice), then reads back what the provider holds.
   */
  confirm(providerRef: string): Promise<ProviderPayment>;
  /** A paid subscription invoice, read back from the provider; null when it does not exist. */
  paidInvoice(invoiceId: string): Promise<PaidInvoice | null>;
  /** Verifies the signature over the exact bytes received; a bad signature is a value, not a throw. */
  parseWebhook(rawBody: Uint8Array, signature: string | null): Promise<Result<WebhookNotice, 'invalid signature'>>;
}

export interface PaidInvoice {
  readonly payment: ProviderPayment;
  /** The subscription the invoice belongs to: how we find the order it renews. */
  readonly subscriptionRef: string;
}

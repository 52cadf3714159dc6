import type { AnonymousId } from '../anonymous-id';
import type { MinorUnits } from '../money';
import { err, ok, type Result } from '../result';
import { paypalCustomId } from './custom-id';
import type { OfferType } from './offers';

/** A purchase we started and are waiting for the provider to confirm. */
export interface PaymentOrder {
  readonly id: string;
  readonly provider: 'stripe' | 'paypal' | 'test';
  /** The provider's id for what we created: a PaymentIntent, a subscription or a PayPal order. */
  readonly providerRef: string | null;
  readonly anonymousUserId: AnonymousId;
  readonly offerType: OfferType;
  readonly offerId: string;
  readonly tokens: number;
  readonly amountPence: MinorUnits;
  readonly currency: 'GBP';
  readonly status: OrderStatus;
}

export type OrderStatus = 'pending' | 'succeeded' | 'failed';

/** What the provider says about a payment, read back from the provider itself (never from the browser). */
export interface ProviderPayment {
  /** The provider's id of the money movement: credited at most once per id. */
  readonly providerPaymentId: string;
  readonly status: 'succeeded' | 'pending' | 'failed';
  readonly amountPence: number;
  readonly currency: string;
  /** Who the provider says the payment is for (metadata or custom_id), when it carries one. */
  readonly anonymousUserId: string | null;
  /** PayPal's custom_id as the provider returns it; null for providers that carry metadata instead. */
  readonly customId: string | null;
}

export type MismatchReason = 'amount mismatch' | 'currency mismatch' | 'payer mismatch' | 'custom id mismatch';

/**
 * A succeeded payment counts only if it is for exactly what we sold: the amount and currency of the
 * order and the same anonymous id.
 */
export function matchesOrder(order: PaymentOrder, payment: ProviderPayment): Result<{ amountPence: MinorUnits }, MismatchReason> {
  if (payment.currency.toUpperCase() !== order.currency) return err('currency mismatch');
  if (payment.amountPence !== order.amountPence) return err('amount mismatch');
  if (payment.anonymousUserId !== null && payment.anonymousUserId !== order.anonymousUserId) return err('payer mismatch');
  if (payment.customId !== null && payment.customId !== paypalCustomId(order.offerType, order.tokens, order.anonymousUserId)) return err('custom id mismatch');
  return ok({ amountPence: order.amountPence });
}

/** MinorUnits as PayPal's decimal text to 2 places: 599 → "5.99". */
export function toDecimalAmount(amountPence: number): string {
  return `${Math.floor(amountPence / 100)}.${String(amountPence % 100).padStart(2, '0')}`;
}

/** PayPal's decimal text back to pence; anything that is not a plain 2-decimal amount is refused (null). */
export function fromDecimalAmount(value: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

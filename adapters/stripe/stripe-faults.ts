import Stripe from 'stripe';

/** True when Stripe could not be reached or failed on its side (not a refusal of our request): worth retrying later. */
export function isStripeUnavailable(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) return true;
  return error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500;
}

import { isDatabaseUnavailable } from '../../../adapters/postgres/connection-faults';
import { isPayPalUnavailable } from '../../../adapters/paypal/paypal-faults';
import { isStripeUnavailable } from '../../../adapters/stripe/stripe-faults';

/** A fault of something we depend on (the database, a payment provider) that is expected to pass. */
export function isTemporaryFault(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    if (isDatabaseUnavailable(current) || isStripeUnavailable(current) || isPayPalUnavailable(current)) return true;
  }
  return false;
}

import { isDatabaseUnavailable } from '../../adapters/postgres/connection-faults';
import { isPayPalUnavailable } from '../../adapters/paypal/paypal-faults';
import { isStripeUnavailable } from '../../adapters/stripe/stripe-faults';
import { jsonError } from './http';

export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please try again';
// Long enough for a database restart or a failover, short enough that a client's retry finds it back.
const RETRY_AFTER_SECONDS = 5;

/** A fault of something we depend on (the database, a payment provider) that is expected to pass. */
export function isTemporaryFault(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    if (isDatabaseUnavailable(current) || isStripeUnavailable(current) || isPayPalUnavailable(current)) return true;
  }
  return false;
}

/** The answer to a request that met a temporary fault: 503 JSON with Retry-After, so clients and providers try again. */
export function unavailable(): Response {
  return jsonError(UNAVAILABLE_MESSAGE, 503, { 'retry-after': String(RETRY_AFTER_SECONDS) });
}

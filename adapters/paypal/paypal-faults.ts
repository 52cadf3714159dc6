import { ApiError } from '@paypal/paypal-server-sdk';

/** True when PayPal failed on its side or throttled us (not a refusal of the order): worth retrying later. */
export function isPayPalUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.statusCode >= 500 || error.statusCode === 429);
}

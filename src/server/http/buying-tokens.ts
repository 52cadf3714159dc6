import type { CaptureFailure, CheckoutFailure } from '../../application/buying-tokens/token-shop';
import type { CaptureRefusal, CheckoutRefusal } from '../../contracts/buying-tokens';
import { jsonFailure, retryAfter } from './json';
import { intentFailed, PAYMENT_MESSAGES } from '../../../domain/buying-tokens/messages';

/** Why a checkout was not started, in the words of the method's documents (with a code the island's contract knows). */
export function checkoutFailureResponse(method: 'card' | 'paypal', failure: CheckoutFailure & { readonly code: CheckoutRefusal }): Response {
  const providerText = (status: number) => (method === 'card' ? intentFailed(status) : PAYMENT_MESSAGES.paypalCreateFailed);
  switch (failure.code) {
    case 'invalid_package':
      return jsonFailure(failure.code, PAYMENT_MESSAGES.invalidPackage, 400);
    case 'rate_limited':
      return jsonFailure(failure.code, providerText(429), 429, retryAfter(failure));
    case 'idempotency_conflict':
      return jsonFailure(failure.code, 'Idempotency-Key was already used for a different purchase', 409);
    case 'provider_failed':
      return jsonFailure(failure.code, providerText(502), 502);
  }
}

const CAPTURE_ANSWERS: Readonly<Record<CaptureFailure['code'], readonly [status: number, text: string]>> = {
  credit_failed: [503, PAYMENT_MESSAGES.paidButNotCredited],
  capture_failed: [503, PAYMENT_MESSAGES.paypalCaptureFailed],
  payment_mismatch: [409, PAYMENT_MESSAGES.paidButNotProcessed],
  unknown_order: [404, PAYMENT_MESSAGES.paypalCaptureFailed],
  not_completed: [409, PAYMENT_MESSAGES.paypalCaptureFailed],
};

/** Why a capture credited nothing (with a code the island's contract knows). */
export function captureFailureResponse(failure: CaptureFailure & { readonly code: CaptureRefusal }): Response {
  const [status, text] = CAPTURE_ANSWERS[failure.code];
  return jsonFailure(failure.code, text, status);
}

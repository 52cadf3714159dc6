import type { AnonymousId } from '../../../domain/anonymous-id';
import { PAYMENT_MESSAGES } from '../../../domain/buying-tokens/messages';
import { capturePayPalOrder, createPaymentIntent, createPayPalOrder, purchaseState, type OfferOnSale } from '../../contracts/buying-tokens';
import { approveTestPayPalOrder, payWithTestCard } from '../../contracts/buying-tokens-test-mode';
import { callEndpoint, callEndpointWith, type Called } from '../call-endpoint';

// The Buy Tokens dialog's calls, by their contracts. Prices and results always come from the server;
// a refusal says why in the server's words, a call with no answer in the documents' words for that step.

export interface Purchased {
  readonly tokens: number;
  readonly balance: number;
  /** The provider's payment id and name, for the documents' purchase report. */
  readonly paymentId: string;
  readonly provider: 'stripe' | 'paypal';
}

/** A payment step that did not go through, with the text to show. */
export class PaymentError extends Error {}

/** The answer, or a PaymentError with the server's text for a refusal, else with `fallback`. */
async function answered<Answer>(call: Promise<Called<Answer, string>>, fallback: string): Promise<Answer> {
  const answer = await call;
  if (answer.ok) return answer.value;
  throw new PaymentError(answer.error ?? fallback);
}

/** One idempotency key per attempt, so a retry never charges twice. */
const once = (attemptKey: string) => ({ headers: { 'idempotency-key': attemptKey } });

/** The documents' request to create a payment intent for the offer. */
export const startCardPayment = (offer: OfferOnSale, anonymousUserId: AnonymousId, attemptKey: string) =>
  answered(
    callEndpointWith(once(attemptKey), createPaymentIntent, [], {
      amount: offer.amountPence,
      currency: 'gbp',
      description: offer.description,
      metadata: { type: offer.type, package: offer.id, tokens: offer.tokens, anonymousUserId },
    }),
    PAYMENT_MESSAGES.cardFailed,
  );

export const startPayPalOrder = (offer: OfferOnSale, anonymousUserId: AnonymousId, attemptKey: string) =>
  answered(callEndpointWith(once(attemptKey), createPayPalOrder, [], { type: offer.type, package: offer.id, tokens: offer.tokens, anonymousUserId }), PAYMENT_MESSAGES.paypalCreateFailed);

export const capturePayPal = (orderId: string) => answered(callEndpoint(capturePayPalOrder, [orderId], {}), PAYMENT_MESSAGES.paypalCaptureFailed);

/** Waits for the provider's confirmation to reach our server (the webhook credits, never the browser). */
export async function awaitConfirmation(providerRef: string, attempts = 60, intervalMs = 1000) {
  for (let i = 0; i < attempts; i++) {
    const state = await answered(callEndpoint(purchaseState, [providerRef]), PAYMENT_MESSAGES.returnFailed);
    if (state.status !== 'pending') return state;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return { status: 'pending' } as const;
}

export const payWithTestCardNumber = (clientSecret: string, cardNumber: string, name: string) =>
  answered(callEndpoint(payWithTestCard, [], { clientSecret, cardNumber, name }), PAYMENT_MESSAGES.cardFailed);

/** The simulated 3-D Secure challenge's answer. */
export const authenticateTestCard = (clientSecret: string, authentication: 'complete' | 'fail') =>
  answered(callEndpoint(payWithTestCard, [], { clientSecret, authentication }), PAYMENT_MESSAGES.cardConfirmationFailed);

export const approveTestPayPal = (orderId: string) => answered(callEndpoint(approveTestPayPalOrder, [], { orderId }), PAYMENT_MESSAGES.paypalFailed);

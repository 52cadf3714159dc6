// The browser's calls for buying tokens. Prices and results always come from the server.
import type { SubscriptionPlan, TokenPackage } from '../../../domain/payments/offers';

export interface PaymentsConfig {
  readonly packages: readonly TokenPackage[];
  readonly plans: readonly SubscriptionPlan[];
  readonly card: { readonly mode: 'live'; readonly publishableKey: string } | { readonly mode: 'test' };
  readonly paypal: { readonly mode: 'live'; readonly clientId: string } | { readonly mode: 'test' };
}

export type PurchaseState =
  { readonly status: 'succeeded'; readonly tokens: number; readonly balance: number; readonly paymentId: string } | { readonly status: 'pending' } | { readonly status: 'failed' };

export interface Purchased {
  readonly tokens: number;
  readonly balance: number;
  /** The provider's payment id and name, for the documents' purchase report. */
  readonly paymentId: string;
  readonly provider: 'stripe' | 'paypal';
}

export class PaymentError extends Error {}

/** A JSON call whose failure is a PaymentError with the server's message, else `fallback` (a documents text). */
async function call<T>(path: string, { fallback, ...init }: RequestInit & { fallback: string }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  } catch {
    throw new PaymentError(fallback);
  }
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  if (!response.ok) throw new PaymentError(typeof body.error === 'string' ? body.error : fallback);
  return body as T;
}

export const loadPaymentsConfig = (): Promise<PaymentsConfig> => call('/api/payments/config', { method: 'GET', fallback: 'Payment failed. Please try again.' });

export interface Selection {
  readonly type: 'package' | 'subscription';
  readonly id: string;
  readonly tokens: number;
  readonly amountPence: number;
  readonly description: string;
}

/** The documents' request to create a payment intent; one idempotency key per attempt, so a retry never charges twice. */
export async function createPaymentIntent(selection: Selection, anonymousUserId: string, attemptKey: string): Promise<{ client_secret: string; id: string }> {
  const response = await fetch('/functions/v1/create-payment-intent', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': attemptKey },
    body: JSON.stringify({
      amount: selection.amountPence,
      currency: 'gbp',
      description: selection.description,
      metadata: { type: selection.type, package: selection.id, tokens: selection.tokens, anonymousUserId },
    }),
  }).catch(() => null);
  if (!response) throw new PaymentError('Payment failed. Please try again.');
  const body = (await response.json().catch(() => ({}))) as { error?: string; client_secret?: string; id?: string };
  if (!response.ok || !body.client_secret || !body.id) throw new PaymentError(body.error ?? `Failed to create payment intent: ${response.status}`);
  return { client_secret: body.client_secret, id: body.id };
}

export const createPayPalOrder = (selection: Selection, anonymousUserId: string, attemptKey: string): Promise<{ id: string }> =>
  call('/api/paypal/orders', {
    method: 'POST',
    headers: { 'idempotency-key': attemptKey },
    body: JSON.stringify({ type: selection.type, package: selection.id, tokens: selection.tokens, anonymousUserId }),
    fallback: 'Failed to create payment order. Please try again.',
  });

export const capturePayPalOrder = (orderId: string): Promise<{ tokens: number; balance: number; paymentId: string }> =>
  call(`/api/paypal/orders/${encodeURIComponent(orderId)}/capture`, { method: 'POST', body: '{}', fallback: 'Payment capture failed. Please try again.' });

export const purchaseState = (providerRef: string): Promise<PurchaseState> =>
  call(`/api/payments/${encodeURIComponent(providerRef)}`, { method: 'GET', fallback: 'Failed to process payment. Please contact support.' });

/** Waits for the provider's confirmation to reach our server (the webhook credits, never the browser). */
export async function awaitConfirmation(providerRef: string, attempts = 60, intervalMs = 1000): Promise<PurchaseState> {
  for (let i = 0; i < attempts; i++) {
    const state = await purchaseState(providerRef);
    if (state.status !== 'pending') return state;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return { status: 'pending' };
}

export type TestCardOutcome = 'succeeded' | 'declined' | 'authentication required' | 'invalid card';

export const payWithTestCard = (clientSecret: string, cardNumber: string, name: string): Promise<{ outcome: TestCardOutcome }> =>
  call('/api/test-mode/card', { method: 'POST', body: JSON.stringify({ clientSecret, cardNumber, name }), fallback: 'Payment failed. Please try again.' });

/** The simulated 3-D Secure challenge's answer. */
export const authenticateTestCard = (clientSecret: string, authentication: 'complete' | 'fail'): Promise<{ outcome: TestCardOutcome }> =>
  call('/api/test-mode/card', { method: 'POST', body: JSON.stringify({ clientSecret, authentication }), fallback: 'Payment confirmation failed' });

export const approveTestPayPalOrder = (orderId: string): Promise<{ approved: true }> =>
  call('/api/test-mode/paypal-approve', { method: 'POST', body: JSON.stringify({ orderId }), fallback: 'Payment failed. Please try again or use a different payment method.' });

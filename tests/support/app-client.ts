import { TEST_CARDS } from '../../adapters/test-mode/test-mode-gateway';

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

export interface CallOptions {
  /** A call that gets no answer within this time rejects (a hung request is a failure, never a wait). */
  readonly timeoutMs?: number;
  /** The client's address as a load balancer reports it (X-Forwarded-For), for a server with TRUSTED_PROXY_HOPS=1. */
  readonly from?: string;
  /** The device's anonymous id, sent as the X-Anonymous-Id header (it never travels in a URL). */
  readonly anonymousId?: string;
}

/** One call to a running server, as a browser on the same site makes it. */
export async function call(baseUrl: string, method: 'GET' | 'POST', path: string, body?: unknown, { timeoutMs = 15_000, from, anonymousId }: CallOptions = {}): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(from === undefined ? {} : { 'x-forwarded-for': from }),
      ...(anonymousId === undefined ? {} : { 'x-anonymous-id': anonymousId }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The documents' payment-intent request for the small package (10 tokens, £2.99). */
export const smallPackageIntent = (anonymousUserId: string) => ({
  amount: 299,
  currency: 'gbp',
  description: '10 Premium Tokens',
  metadata: { type: 'package', package: 'small', tokens: 10, anonymousUserId },
});

/** Pays a TEST MODE card checkout with the test card that succeeds. */
export const testCardPayment = (clientSecret: string) => ({ clientSecret, cardNumber: TEST_CARDS.success, name: 'Test Diner' });

/** Buys the small package in TEST MODE (checkout, then the test card), as the Buy Tokens dialog does. */
export async function buySmallPackage(baseUrl: string, anonymousUserId: string): Promise<void> {
  const intent = await call(baseUrl, 'POST', '/functions/v1/create-payment-intent', smallPackageIntent(anonymousUserId));
  if (intent.status !== 200) throw new Error(`create-payment-intent answered ${intent.status}: ${intent.body}`);
  const paid = await call(baseUrl, 'POST', '/api/test-mode/card', testCardPayment((JSON.parse(intent.body) as { client_secret: string }).client_secret));
  if (paid.status !== 200 || !paid.body.includes('succeeded')) throw new Error(`test card answered ${paid.status}: ${paid.body}`);
}

/** A small bill to share: two diners, two items, a tip. */
export const aSharedBill = () => ({
  diners: [
    { id: 'd1', name: 'Ana' },
    { id: 'd2', name: 'Ben' },
  ],
  items: [
    { name: 'Burger', pricePence: 1250, assignedTo: ['d1'] },
    { name: 'Chips', pricePence: 350, assignedTo: ['d1', 'd2'] },
  ],
  tipPence: 200,
});

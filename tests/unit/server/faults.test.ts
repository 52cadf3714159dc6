import { ApiError } from '@paypal/paypal-server-sdk';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { isTemporaryFault } from '../../../src/server/container/faults';
import { unavailable } from '../../../src/server/http/json';

const pgError = (code: string, message = 'server said no') => Object.assign(new Error(message), { code });
const payPalError = (statusCode: number) =>
  new ApiError({ request: { method: 'POST', url: 'https://api-m.paypal.com/v2/checkout/orders/O-1/capture' }, response: { statusCode, headers: {}, body: '' } }, `status ${statusCode}`);
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });

describe('isTemporaryFault', () => {
  it.each([
    ['the server refusing connections', socketError('ECONNREFUSED')],
    ['both addresses of localhost refusing', new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')])],
    ['an admin shutdown (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', pgError('08006')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool giving up waiting', new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a fault wrapped as a cause', new Error('Confirmed payment pi_1 could not be credited', { cause: socketError('ECONNRESET') })],
    ['Stripe unreachable', new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' })],
    ['Stripe failing on its side', new Stripe.errors.StripeAPIError({ message: 'Internal error', statusCode: 500 })],
    ['PayPal failing on its side', payPalError(500)],
    ['PayPal throttling us', payPalError(429)],
  ])('is true for %s', (_what, error) => {
    expect(isTemporaryFault(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a check violation', pgError('23514')],
    ['a syntax error', pgError('42601')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['Stripe refusing our request', new Stripe.errors.StripeInvalidRequestError({ message: 'No such payment_intent', statusCode: 404 })],
    ['PayPal refusing a capture (order not approved)', payPalError(422)],
    ['something that is not an Error', { code: 'ECONNREFUSED' }],
  ])('is false for %s', (_what, error) => {
    expect(isTemporaryFault(error)).toBe(false);
  });
});

describe('unavailable', () => {
  it('is a 503 JSON error that says when to come back', async () => {
    const response = unavailable();
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ error: 'Service temporarily unavailable, please try again' });
  });
});

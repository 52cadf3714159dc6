import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';

/** Every JSON endpoint, with the method it accepts. Extend this list with every new endpoint. */
const JSON_ENDPOINTS: { path: string; method: 'GET' | 'POST' }[] = [
  { path: '/api/health', method: 'GET' },
  { path: '/api/shares', method: 'POST' },
  { path: '/api/receipts', method: 'POST' },
  { path: '/api/usage', method: 'GET' },
  { path: '/api/recovery', method: 'POST' },
  { path: '/api/recovery-code', method: 'POST' },
  { path: '/functions/v1/get-token-balance', method: 'POST' },
  { path: '/functions/v1/store-token-purchase', method: 'POST' },
  { path: '/functions/v1/create-payment-intent', method: 'POST' },
  { path: '/api/webhooks/stripe', method: 'POST' },
  { path: '/api/paypal/orders', method: 'POST' },
  { path: '/api/paypal/orders/NOSUCHORDER1/capture', method: 'POST' },
  { path: '/api/payments/config', method: 'GET' },
  { path: '/api/payments/pi_nosuch', method: 'GET' },
  { path: '/api/test-mode/card', method: 'POST' },
  { path: '/api/test-mode/paypal-approve', method: 'POST' },
  { path: '/functions/v1/analyze-receipt', method: 'POST' },
];

/** Public routes with parameters a stranger controls. */
const PUBLIC_ROUTES = ['/', '/app', '/b', '/share', '/share-view?token=', '/diner?token=', '/diner-landing?token=', '/breakdown?token=', '/r/abc', '/receipt/abc', '/app/receipt/abc', '/app/diner', '/api/shares/ABCDEFGHIJKL', '/app/buy', '/payment/success', '/payment/cancel'];

const WRONG_BODIES: { name: string; body: BodyInit; type: string }[] = [
  { name: 'truncated JSON', body: '{"anonymousUserId": "', type: 'application/json' },
  { name: 'not JSON', body: 'hello', type: 'application/json' },
  { name: 'wrong content type', body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { name: 'invalid UTF-8', body: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]), type: 'application/json' },
  { name: 'wrong types', body: JSON.stringify({ anonymousUserId: 42, items: 'many', tipPence: 'lots', image: [] }), type: 'application/json' },
  { name: 'an array', body: '[1,2,3]', type: 'application/json' },
  { name: 'huge strings', body: JSON.stringify({ anonymousUserId: 'x'.repeat(200_000), name: 'y'.repeat(200_000) }), type: 'application/json' },
  { name: 'deep nesting', body: '['.repeat(5000) + ']'.repeat(5000), type: 'application/json' },
];

const TRAVERSALS = ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/%00', '/%ff%fe', `/${'a'.repeat(5000)}`];

function expectCleanClientError(status: number, text: string, what: string): void {
  expect(status, what).toBeLessThan(500);
  expect(text, what).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|Error: /);
}

describe('malformed input never produces a 5xx or a stack trace', () => {
  for (const endpoint of JSON_ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const wrongMethod = endpoint.method === 'GET' ? 'DELETE' : 'GET';
      const methodResponse = await fetch(`${baseUrl()}${endpoint.path}`, { method: wrongMethod });
      expectCleanClientError(methodResponse.status, await methodResponse.text(), `${wrongMethod} ${endpoint.path}`);
      if (endpoint.method === 'GET') {
        const response = await fetch(`${baseUrl()}${endpoint.path}?anonymousUserId=${'%ff'.repeat(10)}&x=${'y'.repeat(4000)}`);
        expectCleanClientError(response.status, await response.text(), `${endpoint.path} with junk query`);
        return;
      }
      for (const bad of WRONG_BODIES) {
        const response = await fetch(`${baseUrl()}${endpoint.path}`, { method: 'POST', body: bad.body, headers: { 'content-type': bad.type, origin: baseUrl() } });
        const text = await response.text();
        expectCleanClientError(response.status, text, `${endpoint.path} with ${bad.name}`);
        expect(response.status, `${endpoint.path} with ${bad.name}`).toBeGreaterThanOrEqual(400);
        expect(JSON.parse(text), `${endpoint.path} with ${bad.name}`).toHaveProperty('error');
      }
    });
  }

  it('public routes with path traversal and junk parameters', async () => {
    for (const route of PUBLIC_ROUTES) {
      for (const junk of TRAVERSALS) {
        const response = await fetch(`${baseUrl()}${route}${junk}`);
        expectCleanClientError(response.status, await response.text(), `${route}${junk}`);
      }
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';
import { postDeclaring, send } from './support/http';
import { shareBody } from '../support/share-packets';

/** Every JSON endpoint, with the method it accepts. Extend this list with every new endpoint. */
const JSON_ENDPOINTS: { path: string; method: 'GET' | 'POST' }[] = [
  { path: '/api/health', method: 'GET' },
  { path: '/api/shares', method: 'POST' },
  { path: '/api/receipts', method: 'POST' },
  { path: '/api/usage', method: 'GET' },
  { path: '/api/recovery', method: 'POST' },
  { path: '/api/recovery-code', method: 'POST' },
  { path: '/api/recovery-code/revoke', method: 'POST' },
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
  { path: '/api/live-bills', method: 'POST' },
  { path: '/api/live-bills/nosuchbill/commands', method: 'POST' },
];

/** Public routes with parameters a stranger controls. */
const PUBLIC_ROUTES = [
  '/',
  '/app',
  '/b',
  '/share',
  '/share-view?token=',
  '/diner?token=',
  '/diner-landing?token=',
  '/breakdown?token=',
  '/r/abc',
  '/receipt/abc',
  '/app/receipt/abc',
  '/app/diner',
  '/api/shares/ABCDEFGHIJKL',
  '/app/buy',
  '/payment/success',
  '/payment/cancel',
];

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

const TRAVERSALS = ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/%00', '/%01%1b%7f', '/%ff%fe', `/${'a'.repeat(5000)}`];

/** Every answer of the sweep, counted by status and printed at the end. */
const statuses = new Map<number, number>();
afterAll(() => {
  const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.log(`[malformed] ${[...statuses.values()].reduce((a, b) => a + b, 0)} answers by status: ${counts.join(', ')}`);
});

function expectCleanClientError(status: number, text: string, what: string): void {
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
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

  it('unsafe requests from another site, to every JSON endpoint but the webhooks', async () => {
    for (const endpoint of JSON_ENDPOINTS.filter((e) => e.method === 'POST')) {
      const elsewhere: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
      for (const headers of elsewhere) {
        const response = await fetch(`${baseUrl()}${endpoint.path}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...headers } });
        const text = await response.text();
        if (endpoint.path.startsWith('/api/webhooks/')) {
          expect(response.status, `${endpoint.path} from elsewhere`).toBe(400); // refused by its signature instead
          continue;
        }
        expect([response.status, JSON.parse(text)], `${endpoint.path} with ${JSON.stringify(headers)}`).toEqual([403, { error: 'Cross-site requests are not allowed' }]);
      }
    }
  });

  it('bodies over the endpoint cap, declared or chunked, before they are read', async () => {
    for (const endpoint of JSON_ENDPOINTS.filter((e) => e.method === 'POST')) {
      const cap = endpoint.path === '/functions/v1/analyze-receipt' ? 12 * 1024 * 1024 : 256 * 1024;
      const declared = await postDeclaring(endpoint.path, cap + 1);
      expect(declared.status, `${endpoint.path} declaring ${cap + 1} bytes`).toBe(413);
      expect(JSON.parse(declared.body)).toMatchObject({ code: endpoint.path === '/functions/v1/analyze-receipt' ? 'image_too_large' : 'too_large' });
    }
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new Uint8Array(1024).fill(0x20));
        controller.close();
      },
    });
    const chunked = await fetch(`${baseUrl()}/api/shares`, { method: 'POST', body: chunks, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect([chunked.status, await chunked.json()]).toEqual([413, { code: 'too_large', error: 'Request body is larger than 65536 bytes' }]);
  });

  it('forged share tokens on every route that opens one', async () => {
    const created = await fetch(`${baseUrl()}/api/shares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(shareBody({ diners: [{ id: 'a', name: 'Ann' }], items: [{ name: 'Soup', pricePence: 500, assignedTo: ['a'] }], tipPence: 0 })),
    });
    const { token } = (await created.json()) as { token: string };
    const [payload, tag] = token.split('.') as [string, string];
    const forged = `${payload}.${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`;
    for (const route of [`/b/${forged}`, `/share/${forged}`, `/share-view?token=${forged}&seat=1`, `/breakdown?token=${forged}&seat=1`, `/share?data=${forged}`, `/api/shares/${forged}`]) {
      const response = await fetch(`${baseUrl()}${route}`);
      const text = await response.text();
      expectCleanClientError(response.status, text, route);
      expect(text, route).not.toContain('Soup');
    }
  });

  it('NUL and other control characters in any text field: 400 naming the field, on every JSON endpoint', async () => {
    const tainted = (c: string) => ({
      anonymousUserId: `${randomUUID()}${c}`,
      recoveryCode: `ABCD${c}EFGH`,
      merchant: `Caf${c}`,
      diners: [{ id: 'a', name: `A${c}nn` }],
      items: [{ name: `So${c}up`, pricePence: 500, assignedTo: ['a'] }],
      tipPence: 0,
      paymentId: `pi_${c}`,
      image: `${c}`,
    });
    for (const endpoint of JSON_ENDPOINTS.filter((e) => e.method === 'POST')) {
      for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
        const response = await send(endpoint.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(tainted(c)) });
        expectCleanClientError(response.status, response.body, `${endpoint.path} with ${JSON.stringify(c)}`);
        expect(response.status, `${endpoint.path} with ${JSON.stringify(c)}`).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('a control character in one field of an otherwise valid body names that field', async () => {
    const bill = { diners: [{ id: 'a', name: 'Ann' }], items: [{ name: 'Soup', pricePence: 500, assignedTo: ['a'] }], tipPence: 0 };
    const cases: [string, unknown, string][] = [
      ['/api/receipts', { ...bill, merchant: 'The\u0000Anchor' }, 'merchant'],
      ['/api/receipts', { ...bill, diners: [{ id: 'a', name: 'Ann', monzo: 'ann\u0000' }] }, 'diners.0.monzo'],
      ['/api/shares', shareBody({ ...bill, items: [{ name: 'Sou\u0008p', pricePence: 500, assignedTo: ['a'] }] }), 'bill.items.0.name'],
      ['/functions/v1/store-token-purchase', { anonymousUserId: randomUUID(), tokens: 10, amount: 2.99, paymentId: 'pi_\u0000x', provider: 'stripe' }, 'paymentId'],
      ['/api/recovery', { anonymousUserId: randomUUID(), recoveryCode: 'ABCD-EFGH-JKMN-PQR\u0000' }, 'recoveryCode'],
    ];
    for (const [path, body, field] of cases) {
      const response = await send(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expectCleanClientError(response.status, response.body, `${path} ${field}`);
      expect([response.status, JSON.parse(response.body)], path).toEqual([400, { error: `Invalid request: ${field}: must not contain control characters`, code: 'invalid_body' }]);
    }
  });

  it('methods no route uses get 405 JSON with Allow, on pages, endpoints and files alike', async () => {
    for (const path of ['/', '/app', '/api/health', '/api/shares', '/functions/v1/analyze-receipt', '/sw.js', '/nowhere']) {
      for (const method of ['TRACE', 'TRACK', 'PROPFIND', 'PATCH', 'OPTIONS', 'SEARCH']) {
        const response = await send(path, { method });
        expectCleanClientError(response.status, response.body, `${method} ${path}`);
        expect([response.status, response.headers.allow, JSON.parse(response.body)], `${method} ${path}`).toEqual([405, 'GET, HEAD, POST, PUT, DELETE', { error: 'Method not allowed' }]);
      }
    }
  });

  it("hostile Host headers: pages still answer, and links never carry the stranger's host", async () => {
    const hosts = ['evil.example', 'evil.example:4321', 'localhost.evil.example', 'whospaying.app.evil.example', '[::1', 'a'.repeat(300), 'localhost:4321@evil.example', 'evil.example\\'];
    const bill = { diners: [{ id: 'a', name: 'Ann' }], items: [{ name: 'Soup', pricePence: 500, assignedTo: ['a'] }], tipPence: 0 };
    for (const host of hosts) {
      for (const path of ['/', '/app', '/api/health', '/privacy-policy', '/b/NOPE.NOPE']) {
        const page = await send(path, { headers: { host } });
        expectCleanClientError(page.status, page.body, `GET ${path} as ${host}`);
      }
      for (const path of ['/api/shares', '/api/receipts']) {
        const created = await send(path, { method: 'POST', headers: { host, 'content-type': 'application/json' }, body: JSON.stringify(path === '/api/shares' ? shareBody(bill) : bill) });
        expectCleanClientError(created.status, created.body, `POST ${path} as ${host}`);
        if (created.status !== 201) continue;
        const answer = JSON.parse(created.body) as { url?: string; diners?: { url: string }[] };
        for (const url of [answer.url, ...(answer.diners ?? []).map((d) => d.url)].filter((u) => u !== undefined)) {
          expect(url, `${path} as ${host}`).toMatch(/^https:\/\/whospaying\.app\//);
        }
      }
    }
  });

  it('every HTML answer declares UTF-8, prerendered pages included', async () => {
    for (const path of ['/', '/landing', '/app', '/privacy-policy', '/cookie-policy', '/b/NOPE.NOPE', '/nowhere', '/app/buy']) {
      const page = await send(path, {});
      expectCleanClientError(page.status, page.body, path);
      expect(page.headers['content-type'], path).toBe('text/html; charset=utf-8');
    }
  });
});

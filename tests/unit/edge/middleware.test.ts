import type { APIContext, MiddlewareNext } from 'astro';
import { describe, expect, it } from 'vitest';
import { bodyLimitFor, capRequestBody } from '../../../src/server/middleware/cap-request-body';
import { handleErrors } from '../../../src/server/middleware/handle-errors';
import { refuseCrossSite } from '../../../src/server/middleware/refuse-cross-site';

const HOST = 'split.example.com';
const passed = new Response('passed');
const next: MiddlewareNext = async () => passed;

function contextFor(request: Request): APIContext {
  return { request, url: new URL(request.url) } as APIContext;
}

function post(path: string, headers: Record<string, string>, body: BodyInit = '{}'): Request {
  return new Request(`http://${HOST}${path}`, { method: 'POST', headers: { host: HOST, ...headers }, body, duplex: 'half' } as RequestInit);
}

describe('cross-site requests', () => {
  const run = (request: Request) => refuseCrossSite(contextFor(request), next) as Promise<Response>;

  it('are refused with 403 JSON when the browser says they come from elsewhere', async () => {
    const attempts: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'null' }];
    for (const headers of attempts) {
      const response = await run(post('/api/shares', headers));
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ error: 'Cross-site requests are not allowed' });
    }
  });

  it('pass from this site, from tools without browser headers, and to webhooks', async () => {
    expect(await run(post('/api/shares', { origin: `https://${HOST}`, 'sec-fetch-site': 'same-origin' }))).toBe(passed);
    expect(await run(post('/functions/v1/get-token-balance', {}))).toBe(passed);
    // A form posted from a no-referrer page (the diner's "I've paid") says Origin: null; Sec-Fetch-Site decides.
    expect(await run(post('/r/abc/def', { origin: 'null', 'sec-fetch-site': 'same-origin' }))).toBe(passed);
    expect(await run(post('/api/webhooks/stripe', { 'sec-fetch-site': 'cross-site', origin: 'https://stripe.com' }))).toBe(passed);
    expect(await run(new Request(`http://${HOST}/api/usage`, { headers: { origin: 'https://evil.example' } }))).toBe(passed);
  });
});

describe('request bodies', () => {
  const run = (request: Request) => capRequestBody(contextFor(request), next) as Promise<Response>;
  const chunked = (size: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < size; sent += 1024) controller.enqueue(new Uint8Array(1024));
        controller.close();
      },
    });

  it('over the endpoint cap are refused with 413 JSON, declared or chunked', async () => {
    const declared = await run(post('/api/shares', { 'content-length': String(65 * 1024) }, new Uint8Array(10)));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ code: 'too_large', error: 'Request body is larger than 65536 bytes' });
    expect((await run(post('/api/shares', {}, chunked(100 * 1024)))).status).toBe(413);
  });

  it("over the scan's cap are the scanning contract's image_too_large", async () => {
    const photo = await run(post('/functions/v1/analyze-receipt', { 'content-length': String(13 * 1024 * 1024) }, new Uint8Array(10)));
    expect(photo.status).toBe(413);
    expect(await photo.json()).toEqual({ code: 'image_too_large', error: 'The photo is too large. Please upload one under 8 MB.' });
  });

  it('within the cap reach the endpoint whole', async () => {
    const request = post('/api/shares', {}, chunked(32 * 1024));
    expect(await run(request)).toBe(passed);
    expect((await request.arrayBuffer()).byteLength).toBe(32 * 1024);
  });

  it('have room for a receipt photo only where one is sent', () => {
    expect(bodyLimitFor('/functions/v1/analyze-receipt')).toBeGreaterThan(Math.ceil((8 * 1024 * 1024 * 4) / 3));
    expect(bodyLimitFor('/api/shares')).toBe(64 * 1024);
  });
});

describe('an unexpected exception', () => {
  it('is answered 500 JSON with the request id and no stack trace', async () => {
    const request = new Request('http://localhost/api/shares', { headers: { 'x-request-id': 'req-12345678' } });
    const response = (await handleErrors(contextFor(request), async () => {
      throw new Error('connection terminated at Pool.connect (node_modules/pg/index.js:1:1)');
    })) as Response;
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Something went wrong', requestId: 'req-12345678' });
    expect(text).not.toMatch(/node_modules|Pool\.connect/);
  });
});

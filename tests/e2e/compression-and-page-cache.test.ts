import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';
import { postJson } from './support/http';
import { shareBody } from '../support/share-packets';

// Raw requests (fetch always asks for compression and hides it): what a client that accepts
// brotli, gzip or neither receives, byte for byte, with every header.
interface Raw {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const target = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const req = request({ hostname: target.hostname, port: target.port, path: target.pathname + target.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (r: Raw): string => (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body).toString('utf8');
/** The headers that may differ between two answers of the same page. */
const stable = (r: Raw) => Object.fromEntries(Object.entries(r.headers).filter(([name]) => !['x-request-id', 'date'].includes(name)));

async function sharePath(): Promise<string> {
  const response = await postJson(
    '/api/shares',
    shareBody({
      diners: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Bo' },
      ],
      items: [{ name: 'Soup', pricePence: 650, assignedTo: ['a', 'b'] }],
      tipPence: 0,
    }),
  );
  return new URL(((await response.json()) as { url: string }).url).pathname;
}

describe('HTML compression', () => {
  it('every page is sent as brotli or gzip, as the client accepts, the same page once decoded', async () => {
    for (const path of ['/landing', '/', '/app', '/privacy-policy', await sharePath(), '/b/NOT.A-TOKEN', '/no-such-page']) {
      const plain = await get(path);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.headers['content-type'], path).toMatch(/^text\/html/);
      for (const [accepted, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const compressed = await get(path, { 'accept-encoding': accepted });
        expect([compressed.status, compressed.headers['content-encoding']], path).toEqual([plain.status, encoding]);
        expect(compressed.headers['vary'], path).toMatch(/Accept-Encoding/);
        expect(Number(compressed.headers['content-length']), path).toBe(compressed.body.length);
        expect(decoded(compressed), path).toBe(plain.body.toString('utf8'));
      }
    }
  });
});

describe('the page cache', () => {
  it('answers a share page and /app again with the same bytes and headers (request id and date apart)', async () => {
    for (const [path, text] of [
      [await sharePath(), 'Ann'],
      ['/app', 'split a bill'],
    ] as const) {
      const first = await get(path, { 'accept-encoding': 'br' });
      const again = await get(path, { 'accept-encoding': 'br' });
      expect(first.status, path).toBe(200);
      expect(stable(again), path).toEqual(stable(first));
      expect(again.body.equals(first.body), path).toBe(true);
      expect(again.headers['x-request-id'], path).not.toBe(first.headers['x-request-id']);
      expect(decoded(again), path).toContain(text);
    }
  });

  it('keeps apart what depends on the phone: the Download App button of the same link', async () => {
    const path = await sharePath();
    const android = { 'user-agent': 'Mozilla/5.0 (Linux; Android 15) Chrome/130 Mobile' };
    const iphone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1' };
    for (const agent of [android, iphone, android, iphone]) {
      const page = decoded(await get(path, agent));
      expect(page).toContain(agent === iphone ? 'https://apps.apple.com/' : 'https://play.google.com/');
    }
  });
});

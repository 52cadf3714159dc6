import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerFromPageCache, encodingFor, PageCache, pageCacheKey } from '../../../src/server/edge/page-cache.mjs';

const page = (text: string, expiresAt = 10_000) => ({ status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(text), expiresAt });

describe('the page cache', () => {
  it('answers a page until it expires, then forgets it', () => {
    const cache = new PageCache(1024 * 1024);
    cache.set('k', page('<p>bill</p>', 5_000));
    expect(cache.get('k', 4_999)?.bodies.identity.toString()).toBe('<p>bill</p>');
    expect(cache.get('k', 5_000)).toBeUndefined();
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('stays within its bytes, dropping the least recently used page first', () => {
    const cache = new PageCache(3 * (2 * 1000 + 1024 + 1)); // room for three pages of 1,000 bytes
    for (const key of ['a', 'b', 'c']) cache.set(key, page('x'.repeat(1000)));
    cache.get('a', 0); // a is now the most recent; b the least
    cache.set('d', page('y'.repeat(1000)));
    expect(['a', 'b', 'c', 'd'].map((key) => cache.get(key, 0) !== undefined)).toEqual([true, false, true, true]);
    expect(cache.set('huge', page('z'.repeat(10_000)))).toBeUndefined();
  });

  it('compresses each encoding once, on demand, to the same page', () => {
    const cache = new PageCache(1024 * 1024);
    const stored = cache.set('k', page('<p>the same page</p>'.repeat(50)))!;
    const br = PageCache.body(stored, 'br');
    expect(PageCache.body(stored, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe('<p>the same page</p>'.repeat(50));
    expect(gunzipSync(PageCache.body(stored, 'gzip')).toString()).toBe('<p>the same page</p>'.repeat(50));
    expect(PageCache.body(stored, null)).toBe(stored.bodies.identity);
  });
});

describe('what a cached page is keyed by', () => {
  const key = (target: string, host: string, userAgent: string) => pageCacheKey({ target, host, userAgent });

  it("is the URL, the host, and whether the phone is Apple's or the native shell", () => {
    const android = 'Mozilla/5.0 (Linux; Android 15) Chrome/130';
    expect(key('/b/T', 'a.example', android)).toBe(key('/b/T', 'A.example', 'Mozilla/5.0 (Windows NT 10.0) Chrome/130'));
    expect(key('/b/T', 'a.example', android)).not.toBe(key('/b/T', 'a.example', 'Mozilla/5.0 (iPhone) Safari'));
    expect(key('/b/T', 'a.example', android)).not.toBe(key('/b/T', 'a.example', `${android} WhosPayingApp/1.0`));
    expect(key('/b/T', 'a.example', android)).not.toBe(key('/b/T', 'b.example', android));
    expect(key('/b/T', 'a.example', android)).not.toBe(key('/b/T?token=X', 'a.example', android));
  });

  it('answers brotli before gzip, and neither when the client takes neither', () => {
    expect([encodingFor('gzip, deflate, br'), encodingFor('gzip'), encodingFor('identity'), encodingFor(undefined)]).toEqual(['br', 'gzip', null, null]);
  });

  it('passes on a target no URL can be made of (the server once died of one) instead of throwing', () => {
    const cache = new PageCache(1024 * 1024);
    cache.set(pageCacheKey({ target: '/b/X', host: 'h', userAgent: '' }), page('<p>bill</p>'));
    const req = { method: 'GET', url: '//..%2f..%2fetc%2fpasswd', headers: { host: 'h' } } as unknown as IncomingMessage;
    expect(answerFromPageCache(req, {} as ServerResponse, cache, 'request-1')).toBe(false);
  });
});

// Pages that are the same for every visitor of a link (share pages, prerendered pages) are kept as
// rendered, compressed bytes with their headers, and answered by scripts/serve.mjs before Astro
// runs. Plain JavaScript: the Astro middleware fills the cache, serve.mjs reads it, and the two
// bundles reach the one instance through a global symbol.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { withUtf8 } from './protocol-guards.mjs';

/**
 * The content encoding to answer with: brotli, else gzip, else none.
 * @param {string | string[] | null | undefined} acceptEncoding
 * @returns {'br' | 'gzip' | null}
 */
export function encodingFor(acceptEncoding) {
  const accepted = String(acceptEncoding ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

/** iPhone, iPad or iPod: the share pages' Download App button goes to Apple's store. */
export const isAppleMobile = (/** @type {string | null | undefined} */ userAgent) => /iPhone|iPad|iPod/.test(userAgent ?? '');

/**
 * What a cached page may depend on besides its URL: the host and these facets of the user agent
 * (the native shell's token: WhosPayingApp, see src/server/routing.ts). A page that depends on
 * anything else must not be marked cacheable.
 * @param {{ target: string, host: string | null | undefined, userAgent: string | null | undefined }} request
 * @returns {string}
 */
export function pageCacheKey({ target, host, userAgent }) {
  const url = new URL(target, 'http://localhost');
  return `${(host ?? '').toLowerCase()} ${isAppleMobile(userAgent) ? 'apple' : '-'} ${userAgent?.includes('WhosPayingApp') ? 'shell' : '-'} ${url.pathname}${url.search}`;
}

/**
 * The body compressed at a level fast enough for a page rendered on request (brotli 5 takes about
 * the time of gzip 6 and is some 15% smaller).
 * @param {Buffer} identity
 * @param {'br' | 'gzip'} encoding
 * @returns {Buffer}
 */
export function compressBody(identity, encoding) {
  if (encoding === 'br') return brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
  return gzipSync(identity, { level: 6 });
}

/**
 * A page's bodies are compressed on first demand, each encoding once; `flatHeaders` is made once too.
 * @typedef {{ status: number, headers: Record<string, string>, flatHeaders?: string[], bodies: { identity: Buffer, br?: Buffer, gzip?: Buffer }, expiresAt: number, size: number }} CachedPage
 */

/** A least-recently-used map of pages, bounded by their total bytes. */
export class PageCache {
  /** @type {Map<string, CachedPage>} */
  #pages = new Map();
  #bytes = 0;

  /** @param {number} maxBytes */
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
  }

  get size() {
    return this.#pages.size;
  }

  /**
   * The page for this key while it is fresh (it becomes the most recently used), else undefined.
   * @param {string} key
   * @param {number} now
   */
  get(key, now) {
    const page = this.#pages.get(key);
    if (page === undefined) return undefined;
    this.#pages.delete(key);
    if (page.expiresAt <= now) {
      this.#bytes -= page.size;
      return undefined;
    }
    this.#pages.set(key, page);
    return page;
  }

  /**
   * @param {string} key
   * @param {{ status: number, headers: Record<string, string>, body: Buffer, expiresAt: number }} page
   * @returns {CachedPage | undefined} what was stored (undefined when the page alone is over the bound)
   */
  set(key, { status, headers, body, expiresAt }) {
    const size = key.length + 2 * body.length + 1024; // room for the compressed bodies, a fraction of it
    if (size > this.maxBytes) return undefined;
    const previous = this.#pages.get(key);
    if (previous !== undefined) {
      this.#pages.delete(key);
      this.#bytes -= previous.size;
    }
    const bodies = { identity: body };
    const page = { status, headers, bodies, expiresAt, size };
    this.#pages.set(key, page);
    this.#bytes += size;
    for (const [oldest, evicted] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.#pages.delete(oldest);
      this.#bytes -= evicted.size;
    }
    return page;
  }

  /**
   * The page's headers as Node's flat list of names and values, HTML declaring UTF-8.
   * @param {CachedPage} page
   * @returns {string[]}
   */
  static flatHeaders(page) {
    return (page.flatHeaders ??= Object.entries(page.headers).flatMap(([name, value]) => [name, name === 'content-type' ? withUtf8(value) : value]));
  }

  /**
   * The page's body in this encoding, compressed now if no visitor asked for it before.
   * @param {CachedPage} page
   * @param {'br' | 'gzip' | null} encoding
   * @returns {Buffer}
   */
  static body(page, encoding) {
    if (encoding === null) return page.bodies.identity;
    return (page.bodies[encoding] ??= compressBody(page.bodies.identity, encoding));
  }
}

/** Pages kept per process, in bytes (an allowance for the compressed bodies counted). */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * The process's one page cache, shared by serve.mjs and the Astro bundle.
 * @returns {PageCache}
 */
export function sharedPageCache() {
  const slot = Symbol.for('whospaying.pageCache');
  globalThis[slot] ??= new PageCache(MAX_BYTES);
  return globalThis[slot];
}

/**
 * Answers a GET or HEAD from the cache and returns true, or returns false to pass it on. The
 * cached headers are all the page's headers (security headers included): they are written in one
 * go, with the request id, on a response that has none set yet.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {PageCache} cache
 * @param {string} requestId
 */
export function answerFromPageCache(req, res, cache, requestId) {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || cache.size === 0) return false;
  // A target no URL can be made of ('//..%2f..', say) was never cached: Astro answers it.
  const target = req.url ?? '/';
  if (!URL.canParse(target, 'http://localhost')) return false;
  const page = cache.get(pageCacheKey({ target, host: req.headers.host, userAgent: req.headers['user-agent'] }), Date.now());
  if (page === undefined) return false;
  const encoding = encodingFor(req.headers['accept-encoding']);
  const body = PageCache.body(page, encoding);
  const headers = [...PageCache.flatHeaders(page), 'x-request-id', requestId, 'content-length', String(body.length)];
  if (encoding) headers.push('content-encoding', encoding);
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

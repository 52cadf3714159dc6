import type { MiddlewareHandler } from 'astro';
import { statusTextOf } from '../http/status-text';
import { compressBody, encodingFor, PageCache, pageCacheKey, sharedPageCache } from '../edge/page-cache.mjs';

/** A cached page is rendered again at least this often, whatever it declared. */
const MAX_CACHED_MS = 10 * 60_000;

/**
 * Every HTML page is sent compressed (brotli, else gzip, as the client accepts). A page that set
 * `Astro.locals.sameForEveryoneUntil` is the same for every visitor of its URL (given the facets
 * in pageCacheKey) until then: it is kept with its headers, each encoding compressed once, and
 * scripts/serve.mjs answers its next visitors from the cache without rendering it again.
 * Runs outside securityHeaders, so the cached headers are the ones every visitor gets.
 */
export const compressPages: MiddlewareHandler = async (context, next) => {
  // A prerendered page is written to a file at build time (served compressed by scripts/serve.mjs):
  // there is no visitor, and no request headers, to compress it for.
  if (context.isPrerendered) return next();
  const response = await next();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || response.body === null || response.headers.has('content-encoding')) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append('vary', 'Accept-Encoding');
  const encoding = encodingFor(context.request.headers.get('accept-encoding'));
  const cached = cacheable(context.locals.sameForEveryoneUntil, response, headers)
    ? sharedPageCache().set(pageCacheKey({ target: context.url.pathname + context.url.search, host: context.request.headers.get('host'), userAgent: context.request.headers.get('user-agent') }), {
        status: response.status,
        headers: Object.fromEntries(headers),
        body,
        expiresAt: Math.min(context.locals.sameForEveryoneUntil!, Date.now() + MAX_CACHED_MS),
      })
    : undefined;
  const sent = cached ? PageCache.body(cached, encoding) : encoding === null ? body : compressBody(body, encoding);
  if (encoding !== null) headers.set('content-encoding', encoding);
  headers.set('content-length', String(sent.length));
  return new Response(new Uint8Array(sent), { status: response.status, statusText: statusTextOf(response), headers });
};

function cacheable(until: number | undefined, response: Response, headers: Headers): until is number {
  return until !== undefined && until > Date.now() && !import.meta.env.DEV && response.status < 500 && !headers.has('set-cookie');
}

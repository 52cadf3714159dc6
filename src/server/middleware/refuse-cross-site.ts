import type { MiddlewareHandler } from 'astro';
import { jsonError } from '../http/json';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/**
 * A page on another site must not make a visitor's browser change anything here: unsafe requests
 * whose browser says they come from elsewhere (Sec-Fetch-Site, or an Origin that is not this host)
 * are refused. Requests with neither header (curl, other servers) pass, and so do payment
 * providers' webhooks, which prove themselves by signature.
 */
export const refuseCrossSite: MiddlewareHandler = (context, next) => {
  const { request } = context;
  if (!UNSAFE.has(request.method) || context.url.pathname.startsWith('/api/webhooks/')) return next();
  return isCrossSite(request.headers) ? jsonError(CROSS_SITE_MESSAGE, 403) : next();
};

function isCrossSite(headers: Headers): boolean {
  // Browsers set Sec-Fetch-Site and pages cannot forge it, so where it is present it decides: a form
  // posted from a no-referrer page (the diner's "I've paid") carries `Origin: null` but is same-origin.
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const origin = headers.get('origin');
  if (origin === null) return false;
  return hostOf(origin) !== headers.get('host')?.toLowerCase();
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null; // 'null' (a sandboxed frame, a file) or garbage: not us
  }
}

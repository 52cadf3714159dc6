import type { MiddlewareHandler } from 'astro';
import { carriesCapability, markPrivate } from '../http/privacy';
import { statusTextOf } from '../http/status-text';
import { withUtf8 } from '../edge/protocol-guards.mjs';
import { contentSecurityPolicy, inlineScriptHashes, SECURITY_HEADERS } from '../edge/security-headers.mjs';

/**
 * Security headers on every rendered response; an HTML page gets a Content-Security-Policy that
 * allows exactly the inline scripts it contains. Every answer to an address that carries a
 * capability is kept private (no referrer, no cache, no index): one rule, whatever the page or its
 * status. Every page declares UTF-8. scripts/serve.mjs does the same for static files.
 */
export const securityHeaders: MiddlewareHandler = async (context, next) => {
  const response = await next();
  // A compressed page has been through the whole chain already (a rewrite: `/` to `/app`).
  const html = (response.headers.get('content-type') ?? '').startsWith('text/html') && !response.headers.has('content-encoding');
  const secured = html ? await withPagePolicy(response) : response;
  if (carriesCapability(context.url)) markPrivate(secured.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!secured.headers.has(name)) secured.headers.set(name, value);
  return secured;
};

async function withPagePolicy(response: Response): Promise<Response> {
  const page = await response.text();
  const secured = new Response(page, { status: response.status, statusText: statusTextOf(response), headers: response.headers });
  secured.headers.set('content-security-policy', contentSecurityPolicy(inlineScriptHashes(page)));
  secured.headers.set('content-type', withUtf8(response.headers.get('content-type')));
  return secured;
}

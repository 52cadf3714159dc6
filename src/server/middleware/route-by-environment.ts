import { defineMiddleware } from 'astro:middleware';
import { readConfig } from '../config';
import { prerenderedHtml } from './prerendered';
import { homeFor } from './routing';

/**
 * `/` is the landing page or the app depending on host and shell. The landing page
 * is prerendered at /landing and its file is served as is; src/pages/index.astro renders the same
 * page on demand when there is no build output (astro dev).
 */
export const routeByEnvironment = defineMiddleware(async (context, next) => {
  if (context.isPrerendered || context.url.pathname !== '/') return next();
  const home = homeFor({ host: context.request.headers.get('host'), userAgent: context.request.headers.get('user-agent') }, productDomains());
  const html = import.meta.env.DEV ? null : await prerenderedHtml(home);
  const response = html !== null ? new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }) : home === '/app' ? await context.rewrite('/app') : await next();
  // The same URL answers differently by host and shell, so a shared cache must keep them apart.
  response.headers.append('Vary', 'Host, User-Agent');
  return response;
});

let domains: readonly string[] | undefined;

/**
 * Read from configuration alone, not the container, so the landing page never waits on the
 * database. An invalid configuration stops the server at start-up (src/server/container/app.ts).
 */
function productDomains(): readonly string[] {
  if (!domains) {
    const result = readConfig(process.env);
    domains = result.ok ? result.config.productDomains : [];
  }
  return domains;
}

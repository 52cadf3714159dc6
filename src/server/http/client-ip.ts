import { isIP } from 'node:net';
import type { APIContext } from 'astro';

/**
 * The client's address for per-IP limits. X-Forwarded-For can be written by anyone, so it is read
 * only as far as our own proxies wrote it: with N trusted hops the client is the N-th entry from the
 * right (each proxy appends the address it saw). Without trusted proxies, the socket's peer.
 */
export function clientIpFrom(socketAddress: string | null, forwardedFor: string | null, trustedProxyHops: number): string {
  const peer = socketAddress ?? 'unknown';
  if (trustedProxyHops === 0 || forwardedFor === null) return peer;
  const chain = forwardedFor.split(',').map((entry) => entry.trim());
  const client = chain[Math.max(0, chain.length - trustedProxyHops)];
  return client !== undefined && isIP(client) !== 0 ? client : peer;
}

/** clientIpFrom for an Astro request, with the configured TRUSTED_PROXY_HOPS. */
export async function clientIpOf(context: APIContext): Promise<string> {
  let socketAddress: string | null = null;
  try {
    socketAddress = context.clientAddress; // the socket's peer: astro.config.mjs trusts no forwarded host
  } catch {
    // Not every adapter knows the peer address; then all such clients share one bucket.
  }
  const { trustedProxyHops } = await context.locals.services();
  return clientIpFrom(socketAddress, context.request.headers.get('x-forwarded-for'), trustedProxyHops);
}

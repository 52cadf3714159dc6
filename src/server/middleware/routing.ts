/**
 * Which page answers `/`: the landing page on the product's own domains and on
 * localhost, the app on any other host (someone embedding or self-hosting the app) and inside the
 * native shell. Other paths route normally: `/app` and `/landing` exist everywhere.
 */
export type Home = '/landing' | '/app';

/** The native shell appends this token to its user agent (Capacitor's `appendUserAgent`). */
export const NATIVE_SHELL_TOKEN = 'WhosPayingApp';

export interface Visit {
  /** The Host header, possibly with a port. */
  readonly host: string | null;
  readonly userAgent: string | null;
}

export function homeFor(visit: Visit, productDomains: readonly string[]): Home {
  if (visit.userAgent?.includes(NATIVE_SHELL_TOKEN)) return '/app';
  const name = hostName(visit.host);
  if (name === null || isLocal(name) || productDomains.includes(name)) return '/landing';
  return '/app';
}

/** Lower-case host name without port; `[::1]:4321` → `::1`. */
export function hostName(host: string | null): string | null {
  if (!host) return null;
  const trimmed = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\]/.exec(trimmed);
  if (bracketed) return bracketed[1] ?? null;
  return trimmed.replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * The origin for links we hand out (share and receipt URLs, QR codes) when PUBLIC_BASE_URL is not
 * set: the request's own origin only when its host is one of ours (a product domain, over https)
 * or local; any other Host header is a stranger's word, so links point at the first product domain.
 */
export function linkOrigin(requestOrigin: string, productDomains: readonly string[]): string {
  const url = URL.parse(requestOrigin);
  const name = url ? hostName(url.host) : null;
  if (url && name !== null && isLocal(name)) return url.origin;
  if (name !== null && productDomains.includes(name)) return `https://${name}`;
  return `https://${productDomains[0] ?? 'whospaying.app'}`;
}

function isLocal(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

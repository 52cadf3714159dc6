import { billIdOf } from '../bill-ids';
import { isSecretShaped } from './secrets';

/**
 * A diner's own pay-back page (publicPaths.dinerPage): `/r/{receiptId}/{capability}`, with the
 * receipt id as that page accepts it and the diner's capability as the server makes it.
 */
const PAY_BACK_PATH = /^\/r\/([^/]+)\/([^/]+)$/;

/** Whether `path` is exactly a diner's pay-back page of this app, as a path (no origin, query or fragment). */
export function isPayBackPath(path: string): boolean {
  return payBackPathParts(path) !== null;
}

/** The stored bill and the diner's capability a pay-back page's path names, or null for any other path. */
export function payBackPathParts(path: string): { readonly receiptId: string; readonly capability: string } | null {
  const match = PAY_BACK_PATH.exec(path);
  if (match === null || billIdOf(match[1]) === null || !isSecretShaped(match[2])) return null;
  return { receiptId: match[1]!, capability: match[2]! };
}

/**
 * The path of one of our own pay-back pages from a link to it: the path itself, or a full link on
 * one of `origins` (ours) without credentials, query or fragment; null for anything else, so a
 * phone is never handed a link to somewhere else.
 */
export function ownPayBackPath(link: string, origins: readonly string[]): string | null {
  if (isPayBackPath(link)) return link;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  // Nothing but an origin and a path: no credentials, no query or fragment, not even an empty one.
  if (!origins.includes(url.origin) || url.href !== url.origin + url.pathname) return null;
  return isPayBackPath(url.pathname) ? url.pathname : null;
}

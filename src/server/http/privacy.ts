import { isAppleMobile } from '../edge/page-cache.mjs';

// Every address whose path or query carries a capability (a share token, a stored bill's diner key,
// a live bill's or a tab's id, a live bill's key in its stream's query, a bill packed in `?data=`):
// the pages that show a bill, whatever they answer; and the stored bills' API, whose answers carry
// the organiser's secret, the diners' links and who has paid (its event stream included).
const CAPABILITY_PATHS = /^\/(?:r|receipt|app\/receipt|b|live|tab|api\/tabs|api\/bills|api\/live-bills|share|share-view|diner|diner-landing|breakdown|app\/diner|api\/shares)(?:\/|$)/;

/** Whether this address carries a capability, so its answer must be kept private (markPrivate). */
export function carriesCapability(url: URL): boolean {
  return CAPABILITY_PATHS.test(url.pathname) || url.searchParams.has('data');
}

/**
 * Share and breakdown pages carry the bill in their URL: no referrer may leak it to a payment
 * provider or app store, no search engine may index it, and no shared cache may keep it.
 */
export function markPrivate(headers: Headers): void {
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  headers.set('Cache-Control', 'private, no-store');
}

/** Store page for the native app, by device: Apple for iPhone and iPad, else Google Play. */
export function downloadUrl(userAgent: string | null): string {
  return isAppleMobile(userAgent) ? 'https://apps.apple.com/app/whos-paying' : 'https://play.google.com/store/apps/details?id=app.whospaying';
}

import type { AstroGlobal } from 'astro';
import type { SeatView } from '../../../domain/bill-view';
import type { ShareLinkProblem } from '../../../domain/sharing/share-packet';
import type { OpenedShare, ShareRefusal } from '../../application/sharing/share-links';
import type { StoreRefusal } from '../../application/paying-back/stored-receipts';
import { jsonFailure, retryAfter } from './json';

/** The app's custom scheme for deep links (share/{token}). */
export const APP_SCHEME = 'whospaying://';

export function deepLink(token: string): string {
  return `${APP_SCHEME}share/${token}`;
}

type Opened<T, P = ShareLinkProblem> = ({ readonly ok: true } & T) | { readonly ok: false; readonly problem: P; readonly message: string };

/**
 * The share pages' one way in: opens the token a link carries and words a problem with the page's
 * own text (`wording`: shareTokenMessage, shareViewMessage, ...).
 */
export async function openShare(locals: App.Locals, rawToken: string | null | undefined, wording: (problem: ShareLinkProblem) => string): Promise<Opened<OpenedShare>> {
  const opened = (await locals.services()).shareLinks.open(rawToken);
  return opened.ok ? { ok: true, ...opened.value } : { ok: false, problem: opened.error, message: wording(opened.error) };
}

/**
 * One diner's view from ?token= (and ?seat= when the link is for the whole bill): the diner pages'
 * input. A bill whose chosen seat does not exist is a 'no seat' problem.
 */
export async function openSeat(
  astro: Pick<AstroGlobal, 'locals' | 'url'>,
  wording: (problem: ShareLinkProblem | 'no seat') => string,
): Promise<Opened<OpenedShare & { readonly seat: SeatView }, ShareLinkProblem | 'no seat'>> {
  const opened = await openShare(astro.locals, astro.url.searchParams.get('token'), wording);
  if (!opened.ok) return opened;
  const wanted = opened.view.focusSeatId ?? astro.url.searchParams.get('seat');
  const seat = opened.view.seats.length === 1 ? opened.view.seats[0] : opened.view.seats.find((s) => s.id === wanted);
  return seat === undefined ? { ok: false, problem: 'no seat', message: wording('no seat') } : { ...opened, seat };
}

/** A bill that could not be shared or stored: 400 with the documents' validation text, 422 when its shares do not add up, or 429. */
export function shareRefusalResponse(refusal: ShareRefusal | StoreRefusal): Response {
  if (refusal.code === 'rate_limited') {
    return jsonFailure(refusal.code, `Too many bills shared from here. Try again in ${refusal.retryAfterSeconds} seconds.`, 429, retryAfter(refusal));
  }
  return jsonFailure(refusal.code, refusal.reason, refusal.code === 'unassigned_items' ? 422 : 400);
}

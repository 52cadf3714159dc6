import { billView, type BillView, type SeatView } from '../../../domain/sharing/bill-view';
import { presentToken } from '../../../domain/sharing/share-packet';
import type { TokenProblem } from '../../../domain/sharing/share-token';
import { app } from '../app';
import { ShareLinks } from './share-links';

export type SeatFromLink = { ok: true; view: BillView; seat: SeatView; token: string; /** Unix seconds */ expiresAt: number } | { ok: false; problem: TokenProblem | 'failed' | 'missing' | 'no seat' };

/** One diner's view from ?token= (and ?seat= when the link is for the whole bill): the diner pages' input. */
export async function seatFromLink(url: URL): Promise<SeatFromLink> {
  const token = presentToken(url.searchParams.get('token'));
  if (token === null) return { ok: false, problem: 'missing' };
  const opened = (await app()).resolve(ShareLinks).open(token);
  if (!opened.ok) return { ok: false, problem: opened.error };
  const view = billView(opened.value);
  const wanted = view.focusSeatId ?? url.searchParams.get('seat');
  const seat = view.seats.length === 1 ? view.seats[0] : view.seats.find((s) => s.id === wanted);
  return seat === undefined ? { ok: false, problem: 'no seat' } : { ok: true, view, seat, token, expiresAt: opened.value.expiresAt };
}

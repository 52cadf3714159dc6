import type { HandOutRequest } from '../../contracts/live-bills';
import { liveCommand } from '../../contracts/live-bills';
import { callEndpoint } from '../call-endpoint';
import { OFFLINE_MESSAGES } from '../online';
import type { HandOutLink } from '../bill/bill-state';

export type HandOutAnswer = { readonly ok: true } | { readonly ok: false; readonly code: string; readonly message: string };

/** Sends each diner's phone their own pay-back link and amount, with the organiser's key. */
export async function handOutLinks(live: HandOutLink, payTo: string, links: HandOutRequest['links']): Promise<HandOutAnswer> {
  const answer = await callEndpoint(liveCommand, [live.billId], { key: live.organiserKey, command: { type: 'handOut', payTo, links } });
  if (answer.ok) return { ok: true };
  if (answer.code === 'offline') return { ok: false, code: answer.code, message: OFFLINE_MESSAGES.handOut };
  return { ok: false, code: answer.code, message: answer.error ?? 'Could not send to the phones' };
}

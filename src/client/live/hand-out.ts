import type { HandOutLink } from '../wizard/bill-state';
import { postLiveCommand, type HandOutRequest } from './live-command';

export type HandOutAnswer = { readonly ok: true } | { readonly ok: false; readonly code: string; readonly message: string };

/** Sends each diner's phone their own pay-back link and amount, with the organiser's key. */
export async function handOutLinks(live: HandOutLink, payTo: string, links: HandOutRequest['links']): Promise<HandOutAnswer> {
  const answer = await postLiveCommand(live.billId, live.organiserKey, { type: 'handOut', payTo, links });
  if (answer === 'offline') return { ok: false, code: 'offline', message: 'Sending to phones needs a connection. Try again when you are online.' };
  if (answer.ok) return { ok: true };
  return { ok: false, code: answer.body.code ?? `http-${answer.status}`, message: answer.body.error ?? `Could not send to the phones (${answer.status})` };
}

import type { HandOutLink } from '../wizard/bill-store';

export interface PayBackLinkOut {
  /** The live bill's (the wizard's) diner id. */
  readonly dinerId: string;
  /** Their own pay-back page, as the stored bill gave it. */
  readonly url: string;
  readonly pence: number;
}

export type HandOutAnswer = { readonly ok: true } | { readonly ok: false; readonly code: string; readonly message: string };

/** Sends each diner's phone their own pay-back link and amount, with the organiser's key. */
export async function handOutLinks(live: HandOutLink, payTo: string, links: readonly PayBackLinkOut[]): Promise<HandOutAnswer> {
  let response: Response;
  try {
    response = await fetch(`/api/live-bills/${encodeURIComponent(live.billId)}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: live.organiserKey, command: { type: 'handOut', payTo, links } }),
    });
  } catch {
    return { ok: false, code: 'offline', message: 'Sending to phones needs a connection. Try again when you are online.' };
  }
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
  return { ok: false, code: body.code ?? `http-${response.status}`, message: body.error ?? `Could not send to the phones (${response.status})` };
}

import type { LiveRequest } from '../../../domain/live-bill/live-bill';

/** What the server answers a command: the bill as this key's holder sees it, or why not. */
export interface CommandAnswer {
  readonly bill?: unknown;
  readonly joined?: { readonly dinerId: string; readonly dinerKey: string };
  readonly error?: string;
  readonly code?: string;
}

/** The organiser's hand-out as a phone sends it: full links, which the server turns into paths of its own pages. */
export interface HandOutRequest {
  readonly type: 'handOut';
  readonly payTo: string;
  readonly links: readonly { readonly dinerId: string; readonly url: string; readonly pence: number }[];
}

/** Sends one command to a live bill with a key: the server's answer, or 'offline' when none came. */
export async function postLiveCommand(
  billId: string,
  key: string,
  command: LiveRequest | HandOutRequest,
): Promise<'offline' | { readonly status: number; readonly ok: boolean; readonly body: CommandAnswer }> {
  let response: Response;
  try {
    response = await fetch(`/api/live-bills/${encodeURIComponent(billId)}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, command }),
    });
  } catch {
    return 'offline';
  }
  const body = (await response.json().catch(() => ({}))) as CommandAnswer;
  return { status: response.status, ok: response.ok, body };
}

import { LIVE_PROBLEM_MESSAGES } from '../../../domain/live-bill/messages';
import { SHARE_MESSAGES } from '../../../domain/sharing/share-packet';
import type { LiveRefusal } from '../../contracts/live-bills';
import { jsonFailure, retryAfter } from './json';

/** A refused open, change or stream of a live bill: `{ error, code }` with its status (and Retry-After). */
export function liveRefusalResponse(refusal: { readonly code: LiveRefusal; readonly retryAfterSeconds?: number | undefined }): Response {
  const { status, message } = liveRefusal(refusal.code, refusal.retryAfterSeconds);
  return jsonFailure(refusal.code, message, status, retryAfter(refusal));
}

function liveRefusal(code: LiveRefusal, retryAfterSeconds?: number): { status: number; message: string } {
  switch (code) {
    case 'not_found':
      return { status: 404, message: LIVE_PROBLEM_MESSAGES.not_found };
    case 'forbidden':
      return { status: 403, message: LIVE_PROBLEM_MESSAGES.forbidden };
    // The bill has moved on under the phone: it ended, the seat or the table filled, the person or item
    // went, or the stored bill a hand-out names is gone or no longer has those shares.
    case 'expired':
    case 'locked':
    case 'finished':
    case 'diner_taken':
    case 'unknown_diner':
    case 'unknown_item':
    case 'name_taken':
    case 'table_full':
    case 'no_stored_bill':
    case 'not_its_shares':
      return { status: 409, message: LIVE_PROBLEM_MESSAGES[code] };
    case 'rate_limited':
      return { status: 429, message: `Too many changes. Try again in ${retryAfterSeconds ?? 60} seconds.` };
    case 'busy':
      return { status: 429, message: 'So many changes are waiting that this one was not taken. Please try again.' };
    case 'too_many_connections':
      return { status: 429, message: 'Too many open connections to this bill. Close another tab and try again.' };
    case 'no_items':
      return { status: 400, message: SHARE_MESSAGES.noItems };
    case 'bad_bill':
      return { status: 400, message: 'Invalid bill' };
    default:
      return { status: 400, message: LIVE_PROBLEM_MESSAGES[code] };
  }
}

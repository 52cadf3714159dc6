import { tabProblemText, TAB_PROBLEM_MESSAGES, type TabRefusal } from '../../../domain/tab/tab';
import type { TabView } from '../../../domain/tab/tab-view';
import { eventStream } from './event-stream';
import { json } from './json';

/** A refused open, read or change of a tab: `{ error, code, field }` with its status. */
export function tabRefusalResponse(refusal: TabRefusal | { readonly code: 'rate_limited'; readonly retryAfterSeconds: number }): Response {
  const field = 'field' in refusal ? { field: refusal.field } : {};
  switch (refusal.code) {
    case 'not_found':
      return json({ error: TAB_PROBLEM_MESSAGES.not_found, code: refusal.code }, 404);
    case 'rate_limited':
      return json({ error: `Too many changes. Try again in ${refusal.retryAfterSeconds} seconds.`, code: refusal.code }, 429, { 'retry-after': String(refusal.retryAfterSeconds) });
    case 'bad_pay_to':
      return json({ error: refusal.message, code: refusal.code, ...field }, 400);
    // The tab moved on under the phone: the person, bill or payment went, or the name was taken meanwhile.
    case 'unknown_bill':
    case 'unknown_transfer':
    case 'already_paid':
    case 'name_taken':
    case 'tab_full':
      return json({ error: tabProblemText(refusal), code: refusal.code, ...field }, 409);
    default:
      return json({ error: tabProblemText(refusal), code: refusal.code, ...field }, 400);
  }
}

/** The tab's versions as Server-Sent Events (`tab`, id = version); older versions than one sent are dropped. */
export function tabStream(signal: AbortSignal): { readonly response: Response; send(view: TabView): void; onClose(listener: () => void): void } {
  const stream = eventStream(signal);
  let sent = -1;
  return {
    response: stream.response,
    send(view) {
      if (view.version <= sent) return;
      sent = view.version;
      stream.write(`id: ${view.version}\nevent: tab\ndata: ${JSON.stringify(view)}\n\n`);
    },
    onClose: stream.onClose,
  };
}

import type { APIContext } from 'astro';
import { NOT_ADDING_UP } from '../../../domain/adds-up';
import { BREAKDOWN_MESSAGES } from '../../../domain/paying-back/stored-bill';
import type { DinerBill } from '../../application/paying-back/diner-bill';
import type { PayingBackError } from '../../application/paying-back/errors';
import { PAYMENT_STATUS_EVENT, type PayingBackRefusal, type RepaymentStatusAnswer } from '../../contracts/paying-back';
import { clientIpOf } from './client-ip';
import { eventStream } from './event-stream';
import { json, jsonFailure, retryAfter } from './json';

/** The documents' text (or ours, where they have none) for each code. */
function payingBackMessage(error: PayingBackError): string {
  switch (error.code) {
    case 'invalid_bill':
      return error.message;
    case 'invalid_payee':
      return error.problem.message;
    case 'unassigned_items':
      return NOT_ADDING_UP.message(error.count);
    case 'bill_not_found':
      return BREAKDOWN_MESSAGES.receiptNotFound;
    case 'diner_not_found':
      return BREAKDOWN_MESSAGES.personNotFound;
    case 'diner_removed':
      return 'This person is no longer on the bill';
    case 'capability_required':
      return 'Open your own link from the organiser to say you have paid';
    case 'payer_owes_nothing':
      return 'The person who paid the bill owes nothing';
    case 'not_organiser':
      return 'Only the organiser of this bill can do that';
    case 'rate_limited':
      return `Too many changes to this bill. Try again in ${error.retryAfterSeconds} seconds.`;
  }
}

// Both ways: every code the use cases answer has a status, and is one the contract lists.
const STATUS = {
  invalid_bill: 400,
  invalid_payee: 400,
  unassigned_items: 422,
  bill_not_found: 404,
  diner_not_found: 404,
  diner_removed: 409,
  capability_required: 403,
  not_organiser: 403,
  payer_owes_nothing: 409,
  rate_limited: 429,
} as const satisfies Record<PayingBackError['code'], number> satisfies Record<PayingBackRefusal, number>;

/** `{ error, code }` (and `field` for the payee detail at fault), with the contract's codes: the client branches on `code`, never on the text. */
export function payingBackRefusal(error: PayingBackError): Response {
  if (error.code === 'invalid_payee') return json({ error: payingBackMessage(error), code: error.code, field: error.problem.field }, 400);
  return jsonFailure(error.code, payingBackMessage(error), STATUS[error.code], error.code === 'rate_limited' ? retryAfter(error) : {});
}

export type LoadedDinerPage = { readonly ok: true; readonly page: DinerBill } | { readonly ok: false; readonly problem: string; readonly status: 404 | 503 };

/** The diner page's content, or the documents' text for why there is none and the status to answer. */
export async function loadDinerPage(locals: App.Locals, receiptId: string | undefined, dinerKey: string | undefined): Promise<LoadedDinerPage> {
  if (!receiptId || !dinerKey) return { ok: false, problem: BREAKDOWN_MESSAGES.missingIds, status: 404 };
  try {
    const opened = await (await locals.services()).openDinerBill.execute(receiptId, dinerKey);
    return opened.ok ? { ok: true, page: opened.value } : { ok: false, problem: payingBackMessage(opened.error), status: 404 };
  } catch (e) {
    // A database fault: the documents' "Failed to load receipt" on the page, rather than a bare 503 body.
    console.error('diner page could not be loaded', e);
    return { ok: false, problem: BREAKDOWN_MESSAGES.loadFailed, status: 503 };
  }
}

/**
 * "I've paid" on a diner's page is a plain form posted to the page itself, so it works without
 * scripts; the answer redirects back (303) so a reload does not post again. A refusal travels as
 * ?problem={code} for the page to explain.
 */
export async function answerIvePaid(context: Pick<APIContext, 'clientAddress' | 'request' | 'params' | 'url' | 'locals'>): Promise<Response> {
  const { params, url, locals } = context;
  const said = await (await locals.services()).payments.dinerPaid({ receiptId: params.id, dinerKey: params.dinerId }, await clientIpOf(context));
  const back = said.ok || said.error.code !== 'rate_limited' ? url.pathname : `${url.pathname}?problem=rate_limited`;
  return new Response(null, { status: 303, headers: { location: back } });
}

/** The organiser's view as Server-Sent Events (the contract's watchPayments): each view sent as a `status` event. */
export function paymentStatusStream(signal: AbortSignal): { readonly response: Response; send(status: RepaymentStatusAnswer): void; onClose(listener: () => void): void } {
  const stream = eventStream(signal);
  return {
    response: stream.response,
    send: (status) => stream.write(`event: ${PAYMENT_STATUS_EVENT}\ndata: ${JSON.stringify(status)}\n\n`),
    onClose: stream.onClose,
  };
}

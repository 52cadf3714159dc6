import { PAYEE_MESSAGES } from '../../../domain/paying-back/payee';
import { BREAKDOWN_MESSAGES } from '../../../domain/sharing/stored-receipt';
import type { PayingBackError } from '../../application/paying-back/errors';
import { json } from '../http';

/** The documents' text (or ours, where they have none) for each code. */
export function payingBackMessage(error: PayingBackError): string {
  switch (error.code) {
    case 'invalid-bill':
      return error.message;
    case 'invalid-payee':
      return PAYEE_MESSAGES[error.problem.field][error.problem.code];
    case 'bill-not-found':
      return BREAKDOWN_MESSAGES.receiptNotFound;
    case 'diner-not-found':
      return BREAKDOWN_MESSAGES.personNotFound;
    case 'not-organiser':
      return 'Only the organiser of this bill can do that';
    case 'rate-limited':
      return `Too many changes to this bill. Try again in ${error.retryAfterSeconds} seconds.`;
  }
}

const STATUS: Record<PayingBackError['code'], number> = {
  'invalid-bill': 400,
  'invalid-payee': 400,
  'bill-not-found': 404,
  'diner-not-found': 404,
  'not-organiser': 403,
  'rate-limited': 429,
};

/** `{ error, code }` (and the payee field at fault): the client branches on `code`, never on the text. */
export function payingBackError(error: PayingBackError): Response {
  const field = error.code === 'invalid-payee' ? { field: error.problem.field } : {};
  const headers: Record<string, string> = error.code === 'rate-limited' ? { 'retry-after': String(error.retryAfterSeconds) } : {};
  return json({ error: payingBackMessage(error), code: error.code, ...field }, STATUS[error.code], headers);
}

/** The organiser's secret travels in a header, never in a URL (logs, history, referrers). */
export const ORGANISER_HEADER = 'x-organiser-secret';

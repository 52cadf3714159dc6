import type { PayeeField } from '../../../domain/paying-back/payee';
import { UNAVAILABLE_MESSAGE } from '../../contracts/endpoint';
import { PAYEE_FIELDS, type PayingBackRefusal } from '../../contracts/paying-back';
import type { Called } from '../call-endpoint';
import { OFFLINE_MESSAGES } from '../online';

type Failed = Extract<Called<unknown, PayingBackRefusal>, { readonly ok: false }>;

/** A payee detail the server refused, with its words, for the payee dialog to show at once. */
export interface PayeeRefusal {
  readonly field: PayeeField;
  readonly message: string;
}

/** A paying-back call that did not go through, as the summary shows it. */
export interface PayingBackProblem {
  readonly code: Failed['code'];
  readonly message: string;
  /** The payee's detail the server refused, for the payee dialog to point at. */
  readonly field?: PayeeField;
}

/** The server's text for its refusals (and the field at fault), ours when no answer came. */
export function payingBackProblem(failed: Failed): PayingBackProblem {
  const field = PAYEE_FIELDS.find((f) => f === failed.field);
  const message = failed.code === 'offline' ? OFFLINE_MESSAGES.send : failed.code === 'unavailable' ? UNAVAILABLE_MESSAGE : (failed.error ?? 'Request failed');
  return { code: failed.code, message, ...(field === undefined ? {} : { field }) };
}

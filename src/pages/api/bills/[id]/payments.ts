import type { APIRoute } from 'astro';
import { ORGANISER_HEADER, readPayments } from '../../../../contracts/paying-back';
import { billIdOf } from '../../../../../domain/bill-ids';
import { answerWith } from '../../../../server/http/answer';
import { idRefused } from '../../../../server/http/path-ids';
import { payingBackRefusal } from '../../../../server/http/paying-back';

/** The organiser's view of who has paid (their secret in X-Organiser-Secret): the contract's readPayments. */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const receiptId = billIdOf(params.id);
  if (receiptId === null) return idRefused('receiptId');
  const status = await (await locals.services()).payments.status(receiptId, request.headers.get(ORGANISER_HEADER) ?? '');
  return status.ok ? answerWith(readPayments, status.value) : payingBackRefusal(status.error);
};

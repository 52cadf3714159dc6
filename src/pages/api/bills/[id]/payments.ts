import type { APIRoute } from 'astro';
import { ORGANISER_HEADER, readPayments } from '../../../../contracts/paying-back';
import { answerWith } from '../../../../server/http/answer';
import { payingBackRefusal } from '../../../../server/http/paying-back';

/** The organiser's view of who has paid (their secret in X-Organiser-Secret): the contract's readPayments. */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const status = await (await locals.services()).payments.status(params.id ?? '', request.headers.get(ORGANISER_HEADER) ?? '');
  return status.ok ? answerWith(readPayments, status.value) : payingBackRefusal(status.error);
};

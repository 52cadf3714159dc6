import type { APIContext, APIRoute } from 'astro';
import { markPaid, markUnpaid, ORGANISER_HEADER } from '../../../../../contracts/paying-back';
import { billIdOf, dinerKeyOf } from '../../../../../../domain/bill-ids';
import { answerWith } from '../../../../../server/http/answer';
import { idRefused } from '../../../../../server/http/path-ids';
import { clientIpOf } from '../../../../../server/http/client-ip';
import { payingBackRefusal } from '../../../../../server/http/paying-back';

async function mark(context: APIContext, paid: boolean): Promise<Response> {
  const { params, request, locals } = context;
  const [receiptId, dinerId] = [billIdOf(params.id), dinerKeyOf(params.dinerId)];
  if (receiptId === null) return idRefused('receiptId');
  if (dinerId === null) return idRefused('dinerId');
  const input = { receiptId, organiserSecret: request.headers.get(ORGANISER_HEADER) ?? '', dinerId, paid };
  const status = await (await locals.services()).payments.mark(input, await clientIpOf(context));
  return status.ok ? answerWith(paid ? markPaid : markUnpaid, status.value) : payingBackRefusal(status.error);
}

/** The organiser marks a diner paid (PUT, markPaid) or not paid (DELETE, markUnpaid); both are idempotent and answer who has paid. */
export const PUT: APIRoute = (context) => mark(context, true);
export const DELETE: APIRoute = (context) => mark(context, false);

import type { APIContext, APIRoute } from 'astro';
import { clientIpOf } from '../../../../../server/http/client-ip';
import { json } from '../../../../../server/http/json';
import { ORGANISER_HEADER, payingBackRefusal } from '../../../../../server/http/paying-back';

async function mark(context: APIContext, paid: boolean): Promise<Response> {
  const { params, request, locals } = context;
  const input = { receiptId: params.id ?? '', organiserSecret: request.headers.get(ORGANISER_HEADER) ?? '', dinerId: params.dinerId ?? '', paid };
  const status = await (await locals.services()).payments.mark(input, await clientIpOf(context));
  return status.ok ? json(status.value) : payingBackRefusal(status.error);
}

/** The organiser marks a diner paid (PUT) or not paid (DELETE); both are idempotent and answer who has paid. */
export const PUT: APIRoute = (context) => mark(context, true);
export const DELETE: APIRoute = (context) => mark(context, false);

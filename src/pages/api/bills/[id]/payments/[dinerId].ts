import type { APIContext, APIRoute } from 'astro';
// The container (and its reflect-metadata polyfill) loads before any decorated use case.
import { app } from '../../../../../server/app';
import { Payments } from '../../../../../application/paying-back/payments';
import { clientIpOf } from '../../../../../server/client-ip';
import { json } from '../../../../../server/http';
import { ORGANISER_HEADER, payingBackError } from '../../../../../server/paying-back/responses';

async function mark(context: APIContext, paid: boolean): Promise<Response> {
  const { params, request } = context;
  const input = { receiptId: params.id ?? '', organiserSecret: request.headers.get(ORGANISER_HEADER) ?? '', dinerId: params.dinerId ?? '', paid };
  const status = await (await app()).resolve(Payments).mark(input, await clientIpOf(context));
  return status.ok ? json(status.value) : payingBackError(status.error);
}

/** The organiser marks a diner paid (PUT) or not paid (DELETE); both are idempotent and answer who has paid. */
export const PUT: APIRoute = (context) => mark(context, true);
export const DELETE: APIRoute = (context) => mark(context, false);

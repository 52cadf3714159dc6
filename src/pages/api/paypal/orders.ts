import type { APIRoute } from 'astro';
import { createPayPalOrder } from '../../../contracts/buying-tokens';
import { anonymousIdOf, anonymousIdRefused } from '../../../server/http/anonymous-id';
import { answerWith } from '../../../server/http/answer';
import { clientIpOf } from '../../../server/http/client-ip';
import { idempotencyKey } from '../../../server/http/buying-tokens-requests';
import { checkoutFailureResponse } from '../../../server/http/buying-tokens';
import { readJson, requestRefused } from '../../../server/http/read-json';

/** Creates the PayPal order on our server (intent CAPTURE, GBP, custom_id, unique invoice_id); the buttons only get its id. */
export const POST: APIRoute = async (context) => {
  const { request } = context;
  const body = await readJson(request, createPayPalOrder.request);
  if (!body.ok) return requestRefused(body.error);
  const buyer = anonymousIdOf(request, body.value.anonymousUserId);
  if (!buyer.ok) return anonymousIdRefused(buyer.error);
  const order = await (
    await context.locals.services()
  ).tokenShop.startCheckout('paypal', {
    offerType: body.value.type,
    offerId: body.value.package,
    claimedTokens: body.value.tokens,
    anonymousUserId: buyer.value,
    idempotencyKey: idempotencyKey(request),
    clientIp: await clientIpOf(context),
  });
  if (!order.ok) return checkoutFailureResponse('paypal', order.error);
  return answerWith(createPayPalOrder, { id: order.value.providerRef });
};

import type { APIRoute } from 'astro';
import { anonymousIdOf, anonymousIdRefused } from '../../../server/http/anonymous-id';
import { clientIpOf } from '../../../server/http/client-ip';
import { json } from '../../../server/http/json';
import { createPaymentIntentBody, idempotencyKey } from '../../../server/http/payment-requests';
import { checkoutFailureResponse } from '../../../server/http/payments';
import { readJson, requestRefused } from '../../../server/http/read-json';

/** The documents' call: `{ amount, currency, description, metadata }` → `{ client_secret, id }`, priced by the server. */
export const POST: APIRoute = async (context) => {
  const { request } = context;
  const body = await readJson(request, createPaymentIntentBody);
  if (!body.ok) return requestRefused(body.error);
  const { metadata, amount } = body.value;
  const buyer = anonymousIdOf(request, metadata.anonymousUserId);
  if (!buyer.ok) return anonymousIdRefused(buyer.error);
  const checkout = await (
    await context.locals.services()
  ).tokenShop.startCheckout('card', {
    offerType: metadata.type,
    offerId: metadata.package,
    claimedTokens: metadata.tokens,
    claimedAmountPence: amount,
    anonymousUserId: buyer.value,
    idempotencyKey: idempotencyKey(request),
    clientIp: await clientIpOf(context),
  });
  if (!checkout.ok) return checkoutFailureResponse('card', checkout.error);
  return json({ client_secret: checkout.value.clientSecret, id: checkout.value.providerRef });
};

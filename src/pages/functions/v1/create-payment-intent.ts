import type { APIRoute } from 'astro';
import { createPaymentIntent } from '../../../contracts/buying-tokens';
import { anonymousIdOf, anonymousIdRefused } from '../../../server/http/anonymous-id';
import { answerWith } from '../../../server/http/answer';
import { clientIpOf } from '../../../server/http/client-ip';
import { idempotencyKey } from '../../../server/http/buying-tokens-requests';
import { checkoutFailureResponse } from '../../../server/http/buying-tokens';
import { readJson, requestRefused } from '../../../server/http/read-json';

/** The documents' call: `{ amount, currency, description, metadata }` → `{ client_secret, id }`, priced by the server. */
export const POST: APIRoute = async (context) => {
  const { request } = context;
  const body = await readJson(request, createPaymentIntent.request);
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
  // Stripe answers every card checkout with a client secret; one without cannot be paid.
  const { clientSecret, providerRef } = checkout.value;
  if (clientSecret === null) return checkoutFailureResponse('card', { code: 'provider_failed' });
  return answerWith(createPaymentIntent, { client_secret: clientSecret, id: providerRef });
};

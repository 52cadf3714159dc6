import type { APIRoute } from 'astro';
import { anonymousIdOf } from '../../../server/anonymous-id';
import { app } from '../../../server/app';
import { clientIpOf } from '../../../server/client-ip';
import { json, jsonError, retryAfter } from '../../../server/http';
import { createPaymentIntentBody, idempotencyKey } from '../../../server/payments/requests';
import { TokenShop } from '../../../server/payments/token-shop';
import { readJson } from '../../../server/request';

/** The documents' call: `{ amount, currency, description, metadata }` → `{ client_secret, id }`, priced by the server. */
export const POST: APIRoute = async (context) => {
  const { request } = context;
  const body = await readJson(request, createPaymentIntentBody);
  if (!body.ok) return jsonError(body.error.message, body.error.status);
  const { metadata, amount } = body.value;
  const buyer = anonymousIdOf(request, metadata.anonymousUserId);
  if (!buyer.ok) return jsonError(buyer.error, 400);
  const checkout = await (await app()).resolve(TokenShop).startCheckout('card', {
    offerType: metadata.type,
    offerId: metadata.package,
    claimedTokens: metadata.tokens,
    claimedAmountPence: amount,
    anonymousUserId: buyer.value,
    idempotencyKey: idempotencyKey(request),
    clientIp: await clientIpOf(context),
  });
  if (!checkout.ok) return jsonError(checkout.error.message, checkout.error.status, retryAfter(checkout.error));
  return json({ client_secret: checkout.value.clientSecret, id: checkout.value.providerRef });
};

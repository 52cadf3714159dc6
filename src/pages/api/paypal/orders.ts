import type { APIRoute } from 'astro';
import { anonymousIdOf } from '../../../server/anonymous-id';
import { app } from '../../../server/app';
import { clientIpOf } from '../../../server/client-ip';
import { json, jsonError, retryAfter } from '../../../server/http';
import { createPayPalOrderBody, idempotencyKey } from '../../../server/payments/requests';
import { TokenShop } from '../../../server/payments/token-shop';
import { readJson } from '../../../server/request';

/** Creates the PayPal order on our server (intent CAPTURE, GBP, custom_id, unique invoice_id); the buttons only get its id. */
export const POST: APIRoute = async (context) => {
  const { request } = context;
  const body = await readJson(request, createPayPalOrderBody);
  if (!body.ok) return jsonError(body.error.message, body.error.status);
  const buyer = anonymousIdOf(request, body.value.anonymousUserId);
  if (!buyer.ok) return jsonError(buyer.error, 400);
  const order = await (await app()).resolve(TokenShop).startCheckout('paypal', {
    offerType: body.value.type,
    offerId: body.value.package,
    claimedTokens: body.value.tokens,
    anonymousUserId: buyer.value,
    idempotencyKey: idempotencyKey(request),
    clientIp: await clientIpOf(context),
  });
  if (!order.ok) return jsonError(order.error.message, order.error.status, retryAfter(order.error));
  return json({ id: order.value.providerRef });
};

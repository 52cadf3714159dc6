import type { APIRoute } from 'astro';
import { app } from '../../../server/app';
import { json, jsonError } from '../../../server/http';
import { logger } from '../../../server/logger';
import { TokenShop } from '../../../server/payments/token-shop';

// Stripe events are a few kilobytes; anything far larger is not one.
const MAX_EVENT_BYTES = 256 * 1024;

/** Stripe's webhook: the signature is verified over the exact bytes received, so the body is never parsed first. */
export const POST: APIRoute = async ({ request }) => {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_EVENT_BYTES) return jsonError('Webhook body too large', 413);
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > MAX_EVENT_BYTES) return jsonError('Webhook body too large', 413);
  const outcome = await (await app()).resolve(TokenShop).receiveCardWebhook(raw, request.headers.get('stripe-signature'));
  if (!outcome.ok) {
    logger.warn('stripe webhook with an invalid signature rejected');
    return jsonError('Invalid signature', 400);
  }
  return json({ received: true, outcome: outcome.value });
};

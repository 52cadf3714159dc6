import type { APIRoute } from 'astro';
import { json, jsonError, jsonFailure } from '../../../server/http/json';
import { logger } from '../../../server/logger';

// Stripe events are a few kilobytes; anything far larger is not one.
const MAX_EVENT_BYTES = 256 * 1024;

/** Stripe's webhook: the signature is verified over the exact bytes received, so the body is never parsed first. */
export const POST: APIRoute = async ({ request, locals }) => {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_EVENT_BYTES) return jsonError('Webhook body too large', 413);
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > MAX_EVENT_BYTES) return jsonError('Webhook body too large', 413);
  const outcome = await (await locals.services()).tokenShop.receiveCardWebhook(raw, request.headers.get('stripe-signature'));
  if (!outcome.ok) {
    logger.warn('stripe webhook with an invalid signature rejected');
    return jsonFailure(outcome.error, 'Invalid signature', 400);
  }
  return json({ received: true, outcome: outcome.value });
};

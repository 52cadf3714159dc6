import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, jsonError, jsonFailure } from '../../../server/http/json';
import { PAYMENT_MESSAGES } from '../../../server/http/payment-messages';
import { readJson, requestRefused } from '../../../server/http/read-json';

const body = z.object({ orderId: z.string().min(1).max(64) });

/** TEST MODE only: the buyer approving the order in the simulated PayPal window. */
export const POST: APIRoute = async ({ request, locals }) => {
  const { testModePayments } = await locals.services();
  if (!testModePayments.paypal) return jsonError('Not found', 404);
  const input = await readJson(request, body);
  if (!input.ok) return requestRefused(input.error);
  const approved = testModePayments.approvePayPal(input.value.orderId);
  return approved ? json({ approved: true }) : jsonFailure('not_approved', PAYMENT_MESSAGES.paypalFailed, 409);
};

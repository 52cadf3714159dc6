import type { APIRoute } from 'astro';
import { z } from 'zod';
import { app } from '../../../server/app';
import { json, jsonError } from '../../../server/http';
import { testModePayPal } from '../../../server/payments/test-mode';
import { readJson } from '../../../server/request';

const body = z.object({ orderId: z.string().min(1).max(64) });

/** TEST MODE only: the buyer approving the order in the simulated PayPal window. */
export const POST: APIRoute = async ({ request }) => {
  const gateway = testModePayPal(await app());
  if (!gateway) return jsonError('Not found', 404);
  const input = await readJson(request, body);
  if (!input.ok) return jsonError(input.error.message, input.error.status);
  return gateway.approve(input.value.orderId) ? json({ approved: true }) : jsonError('Payment failed. Please try again or use a different payment method.', 409);
};

import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, jsonError } from '../../../server/http/json';
import { readJson, requestRefused } from '../../../server/http/read-json';

const body = z.union([
  z.object({ clientSecret: z.string().min(1).max(200), cardNumber: z.string().max(40), name: z.string().trim().min(1).max(100) }),
  z.object({ clientSecret: z.string().min(1).max(200), authentication: z.enum(['complete', 'fail']) }),
]);

/** TEST MODE only: the simulated card provider. With Stripe keys set this route does not exist. */
export const POST: APIRoute = async ({ request, locals }) => {
  const { testModePayments } = await locals.services();
  if (!testModePayments.card) return jsonError('Not found', 404);
  const input = await readJson(request, body);
  if (!input.ok) return requestRefused(input.error);
  const action = 'cardNumber' in input.value ? { cardNumber: input.value.cardNumber } : { authentication: input.value.authentication };
  const paid = await testModePayments.payWithCard(input.value.clientSecret, action);
  return paid ? json({ outcome: paid.outcome }) : jsonError('Not found', 404);
};

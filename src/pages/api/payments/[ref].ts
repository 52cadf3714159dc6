import type { APIRoute } from 'astro';
import { purchaseState } from '../../../contracts/buying-tokens';
import { answerWith } from '../../../server/http/answer';
import { jsonFailure } from '../../../server/http/json';

/** Where a purchase stands (pending, succeeded with the new balance, or failed), from our verified record. */
export const GET: APIRoute = async ({ params, locals }) => {
  const ref = params.ref ?? '';
  const state = /^[A-Za-z0-9_-]{1,128}$/.test(ref) ? await (await locals.services()).tokenShop.purchaseState(ref) : null;
  if (!state) return jsonFailure('payment_not_found' satisfies (typeof purchaseState.refusals)[number], 'Payment not found', 404);
  return answerWith(purchaseState, state);
};

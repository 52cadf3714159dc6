import type { APIRoute } from 'astro';
import { payWithTestCard } from '../../../contracts/buying-tokens-test-mode';
import { answerWith } from '../../../server/http/answer';
import { jsonFailure } from '../../../server/http/json';
import { readJson, requestRefused } from '../../../server/http/read-json';

/** TEST MODE only: the simulated card provider. With Stripe keys set this route does not exist. */
export const POST: APIRoute = async ({ request, locals }) => {
  const { testModePayments } = await locals.services();
  if (!testModePayments.card) return jsonFailure('not_found', 'Not found', 404);
  const input = await readJson(request, payWithTestCard.request);
  if (!input.ok) return requestRefused(input.error);
  const action = 'cardNumber' in input.value ? { cardNumber: input.value.cardNumber } : { authentication: input.value.authentication };
  const paid = await testModePayments.payWithCard(input.value.clientSecret, action);
  return paid ? answerWith(payWithTestCard, { outcome: paid.outcome }) : jsonFailure('not_found', 'Not found', 404);
};

import type { APIRoute } from 'astro';
import { approveTestPayPalOrder } from '../../../contracts/buying-tokens-test-mode';
import { answerWith } from '../../../server/http/answer';
import { jsonFailure } from '../../../server/http/json';
import { PAYMENT_MESSAGES } from '../../../../domain/buying-tokens/messages';
import { readJson, requestRefused } from '../../../server/http/read-json';

/** TEST MODE only: the buyer approving the order in the simulated PayPal window. */
export const POST: APIRoute = async ({ request, locals }) => {
  const { testModePayments } = await locals.services();
  if (!testModePayments.paypal) return jsonFailure('not_found', 'Not found', 404);
  const input = await readJson(request, approveTestPayPalOrder.request);
  if (!input.ok) return requestRefused(input.error);
  const approved = testModePayments.approvePayPal(input.value.orderId);
  return approved ? answerWith(approveTestPayPalOrder, { approved: true }) : jsonFailure('not_approved', PAYMENT_MESSAGES.paypalFailed, 409);
};

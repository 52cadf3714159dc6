import type { APIRoute } from 'astro';
import { capturePayPalOrder } from '../../../../../contracts/buying-tokens';
import { answerWith } from '../../../../../server/http/answer';
import { captureFailureResponse } from '../../../../../server/http/buying-tokens';

/** Captures an approved PayPal order (with a request id) and credits it if the capture is COMPLETED and matches. */
export const POST: APIRoute = async ({ params, locals }) => {
  const id = params.id ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return captureFailureResponse({ code: 'unknown_order' });
  const captured = await (await locals.services()).tokenShop.capturePayPal(id);
  if (!captured.ok) return captureFailureResponse(captured.error);
  return answerWith(capturePayPalOrder, { status: 'COMPLETED', tokens: captured.value.tokens, balance: captured.value.balance, paymentId: captured.value.paymentId });
};

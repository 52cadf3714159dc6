import type { APIRoute } from 'astro';
import { app } from '../../../../../server/app';
import { json, jsonError } from '../../../../../server/http';
import { PAYMENT_MESSAGES } from '../../../../../server/payments/messages';
import { TokenShop } from '../../../../../server/payments/token-shop';

/** Captures an approved PayPal order (with a request id) and credits it if the capture is COMPLETED and matches. */
export const POST: APIRoute = async ({ params }) => {
  const id = params.id ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return jsonError(PAYMENT_MESSAGES.paypalCaptureFailed, 404);
  const captured = await (await app()).resolve(TokenShop).capturePayPal(id);
  if (!captured.ok) return jsonError(captured.error.message, captured.error.status);
  return json({ status: 'COMPLETED', tokens: captured.value.tokens, balance: captured.value.balance, paymentId: captured.value.paymentId });
};

import type { APIRoute } from 'astro';
import { app } from '../../../server/app';
import { json, jsonError } from '../../../server/http';
import { TokenShop } from '../../../server/payments/token-shop';

/** Where a purchase stands (pending, succeeded with the new balance, or failed), from our verified record. */
export const GET: APIRoute = async ({ params }) => {
  const ref = params.ref ?? '';
  const state = /^[A-Za-z0-9_-]{1,128}$/.test(ref) ? await (await app()).resolve(TokenShop).purchaseState(ref) : null;
  if (!state) return jsonError('Payment not found', 404);
  return json(state);
};

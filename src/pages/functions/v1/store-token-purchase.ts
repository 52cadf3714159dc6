import type { APIRoute } from 'astro';
import { z } from 'zod';
import { anonymousIdOf, anonymousIdRefused } from '../../../server/http/anonymous-id';
import { json } from '../../../server/http/json';
import { readJson, requestRefused } from '../../../server/http/read-json';

const body = z.object({
  anonymousUserId: z.string().max(100).optional(),
  tokens: z.number().int().positive().max(100_000),
  amount: z.number().nonnegative().max(1_000_000),
  currency: z.string().trim().min(1).max(8).default('GBP'),
  paymentId: z.string().trim().min(1).max(255),
  provider: z.string().trim().min(1).max(32),
  status: z.string().trim().min(1).max(32).default('completed'),
});

/**
 * The browser's report of a purchase. It is recorded for support and credits
 * nothing: tokens come only from a payment the provider confirms. `confirmed` says whether that
 * has already happened for this payment id.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const read = await readJson(request, body, 4096);
  if (!read.ok) return requestRefused(read.error);
  const id = anonymousIdOf(request, read.value.anonymousUserId);
  if (!id.ok) return anonymousIdRefused(id.error);
  const { confirmed } = await (await locals.services()).metering.reportPurchase({ ...read.value, anonymousUserId: id.value });
  return json({ success: true, confirmed });
};

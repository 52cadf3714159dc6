import type { APIRoute } from 'astro';
import { reportPurchase } from '../../../contracts/scan-credits';
import { anonymousIdOf, anonymousIdRefused } from '../../../server/http/anonymous-id';
import { answerWith } from '../../../server/http/answer';
import { readJson, requestRefused } from '../../../server/http/read-json';

/**
 * The browser's report of a purchase. It is recorded for support and credits
 * nothing: tokens come only from a payment the provider confirms. `confirmed` says whether that
 * has already happened for this payment id.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const read = await readJson(request, reportPurchase.request, 4096);
  if (!read.ok) return requestRefused(read.error);
  const id = anonymousIdOf(request, read.value.anonymousUserId);
  if (!id.ok) return anonymousIdRefused(id.error);
  const { confirmed } = await (await locals.services()).metering.reportPurchase({ ...read.value, anonymousUserId: id.value });
  return answerWith(reportPurchase, { success: true, confirmed });
};

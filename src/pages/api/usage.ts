import type { APIRoute } from 'astro';
import { usage } from '../../contracts/scan-credits';
import { anonymousIdOf, anonymousIdRefused } from '../../server/http/anonymous-id';
import { answerWith } from '../../server/http/answer';

/** GET /api/usage with header X-Anonymous-Id → { billsUsed, maxFreeBills, tokens, lastResetDate, canUse, daysUntilReset } */
export const GET: APIRoute = async ({ request, locals }) => {
  const id = anonymousIdOf(request);
  if (!id.ok) return anonymousIdRefused(id.error);
  return answerWith(usage, await (await locals.services()).metering.usageFor(id.value));
};

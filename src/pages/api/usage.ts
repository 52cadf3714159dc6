import type { APIRoute } from 'astro';
import { anonymousIdOf, anonymousIdRefused } from '../../server/http/anonymous-id';
import { json } from '../../server/http/json';

/** GET /api/usage with header X-Anonymous-Id → { billsUsed, maxFreeBills, tokens, lastResetDate, canUse, daysUntilReset } */
export const GET: APIRoute = async ({ request, locals }) => {
  const id = anonymousIdOf(request);
  if (!id.ok) return anonymousIdRefused(id.error);
  return json(await (await locals.services()).metering.usageFor(id.value));
};

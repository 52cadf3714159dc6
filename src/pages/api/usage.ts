import type { APIRoute } from 'astro';
import { anonymousIdOf } from '../../server/http/anonymous-id';
import { json, jsonError } from '../../server/http/json';

/** GET /api/usage?anonymousUserId=… → { billsUsed, maxFreeBills, tokens, lastResetDate, canUse, daysUntilReset } */
export const GET: APIRoute = async ({ request, locals }) => {
  const id = anonymousIdOf(request);
  if (!id.ok) return jsonError(id.error, 400);
  return json(await (await locals.services()).metering.usageFor(id.value));
};

import type { APIRoute } from 'astro';
import { anonymousIdOf } from '../../server/http/anonymous-id';
import { json, jsonFailure } from '../../server/http/json';

/** GET /api/usage?anonymousUserId=… → { billsUsed, maxFreeBills, tokens, lastResetDate, canUse, daysUntilReset } */
export const GET: APIRoute = async ({ request, locals }) => {
  const id = anonymousIdOf(request);
  if (!id.ok) return jsonFailure('invalid_anonymous_id', id.error, 400);
  return json(await (await locals.services()).metering.usageFor(id.value));
};

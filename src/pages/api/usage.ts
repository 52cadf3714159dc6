import type { APIRoute } from 'astro';
import type { UsageQuery } from '../../../ports/usage';
import { TOKENS } from '../../../ports/tokens';
import { anonymousIdOf } from '../../server/anonymous-id';
import { app } from '../../server/app';
import { json, jsonError } from '../../server/http';

/** GET /api/usage with header X-Anonymous-Id → { billsUsed, maxFreeBills, tokens, lastResetDate, canUse, daysUntilReset } */
export const GET: APIRoute = async ({ request }) => {
  const id = anonymousIdOf(request);
  if (!id.ok) return jsonError(id.error, 400);
  const usage = await (await app()).resolve<UsageQuery>(TOKENS.UsageQuery).usageFor(id.value);
  return json(usage);
};

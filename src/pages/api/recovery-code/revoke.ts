import type { APIRoute } from 'astro';
import { z } from 'zod';
import { anonymousIdOf, anonymousIdRefused } from '../../../server/http/anonymous-id';
import { clientIpOf } from '../../../server/http/client-ip';
import { json } from '../../../server/http/json';
import { readJson, requestRefused } from '../../../server/http/read-json';
import { recoveryFailureResponse } from '../../../server/http/tokens';

const body = z.object({ anonymousUserId: z.string().max(100).optional(), recoveryCode: z.string().max(64).optional() });

/**
 * POST { anonymousUserId, recoveryCode? } → { revoked }: the holder revokes their recovery codes
 * still in force (or only the one given), e.g. after one was seen by someone else.
 */
export const POST: APIRoute = async (context) => {
  const read = await readJson(context.request, body, 4096);
  if (!read.ok) return requestRefused(read.error);
  const id = anonymousIdOf(context.request, read.value.anonymousUserId);
  if (!id.ok) return anonymousIdRefused(id.error);
  const result = await (await context.locals.services()).tokenRecovery.revoke(id.value, read.value.recoveryCode ?? null, await clientIpOf(context));
  return result.ok ? json({ revoked: result.value }) : recoveryFailureResponse(result.error);
};

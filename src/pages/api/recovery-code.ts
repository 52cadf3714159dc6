import type { APIRoute } from 'astro';
import { z } from 'zod';
import { anonymousIdOf, anonymousIdRefused } from '../../server/http/anonymous-id';
import { clientIpOf } from '../../server/http/client-ip';
import { json } from '../../server/http/json';
import { readJson, requestRefused } from '../../server/http/read-json';
import { recoveryFailureResponse } from '../../server/http/tokens';

const body = z.object({ anonymousUserId: z.string().max(100).optional() });

/** POST { anonymousUserId } → { recoveryCode, expiresAt }: a fresh code for a device with a confirmed purchase. */
export const POST: APIRoute = async (context) => {
  const read = await readJson(context.request, body, 4096);
  if (!read.ok) return requestRefused(read.error);
  const id = anonymousIdOf(context.request, read.value.anonymousUserId);
  if (!id.ok) return anonymousIdRefused(id.error);
  const result = await (await context.locals.services()).tokenRecovery.recoveryCodeFor(id.value, await clientIpOf(context));
  return result.ok ? json({ recoveryCode: result.value.code, expiresAt: result.value.expiresAt.toISOString() }) : recoveryFailureResponse(result.error);
};

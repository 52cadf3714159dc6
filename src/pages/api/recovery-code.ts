import type { APIRoute } from 'astro';
import { z } from 'zod';
import { anonymousIdOf } from '../../server/anonymous-id';
import { app } from '../../server/app';
import { clientIpOf } from '../../server/client-ip';
import { json, jsonError, retryAfter } from '../../server/http';
import { readJson } from '../../server/request';
import { TokenRecovery } from '../../server/token-recovery';

const body = z.object({ anonymousUserId: z.string().max(100).optional() });

/** POST { anonymousUserId } → { recoveryCode, expiresAt }: a fresh code for a device with a confirmed purchase. */
export const POST: APIRoute = async (context) => {
  const read = await readJson(context.request, body, 4096);
  if (!read.ok) return jsonError(read.error.message, read.error.status);
  const id = anonymousIdOf(context.request, read.value.anonymousUserId);
  if (!id.ok) return jsonError(id.error, 400);
  const result = await (await app()).resolve(TokenRecovery).recoveryCodeFor(id.value, await clientIpOf(context));
  if (result.ok) return json({ recoveryCode: result.value.code, expiresAt: result.value.expiresAt.toISOString() });
  return jsonError(result.error.message, result.error.status, retryAfter(result.error));
};

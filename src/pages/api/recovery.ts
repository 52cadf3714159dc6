import type { APIRoute } from 'astro';
import { z } from 'zod';
import { anonymousIdOf } from '../../server/anonymous-id';
import { app } from '../../server/app';
import { json, jsonError } from '../../server/http';
import { readJson } from '../../server/request';
import { TokenRecovery } from '../../server/token-recovery';

const body = z.object({ anonymousUserId: z.string().max(100).optional(), recoveryCode: z.string().max(64).optional() });

/**
 * POST { anonymousUserId, recoveryCode? } → { anonymousUserId, tokens }.
 * Without a code: the server balance of this device's id. With one: the identity the code belongs
 * to, which the browser then keeps as its own. Attempts with a code are rate-limited.
 */
export const POST: APIRoute = async ({ request, clientAddress }) => {
  const read = await readJson(request, body, 4096);
  if (!read.ok) return jsonError(read.error.message, read.error.status);
  const id = anonymousIdOf(request, read.value.anonymousUserId);
  if (!id.ok) return jsonError(id.error, 400);
  const recovery = (await app()).resolve(TokenRecovery);
  if (read.value.recoveryCode === undefined) return json(await recovery.recoverOnThisDevice(id.value));
  const result = await recovery.redeem(id.value, read.value.recoveryCode, clientAddress);
  if (result.ok) return json(result.value);
  const { status, message, retryAfterSeconds } = result.error;
  return jsonError(message, status, retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) });
};

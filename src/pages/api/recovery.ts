import type { APIRoute } from 'astro';
import { z } from 'zod';
import { anonymousIdOf } from '../../server/anonymous-id';
import { app } from '../../server/app';
import { clientIpOf } from '../../server/client-ip';
import { json, jsonError, retryAfter } from '../../server/http';
import { readJson } from '../../server/request';
import { TokenRecovery } from '../../server/token-recovery';

const body = z.object({ anonymousUserId: z.string().max(100).optional(), recoveryCode: z.string().max(64).optional() });

/**
 * POST { anonymousUserId, recoveryCode? } → { anonymousUserId, tokens }.
 * Without a code: the server balance of this device's id. With one: the identity the code belongs
 * to, which the browser then keeps as its own. Both are rate-limited per IP and per device.
 */
export const POST: APIRoute = async (context) => {
  const read = await readJson(context.request, body, 4096);
  if (!read.ok) return jsonError(read.error.message, read.error.status);
  const id = anonymousIdOf(context.request, read.value.anonymousUserId);
  if (!id.ok) return jsonError(id.error, 400);
  const recovery = (await app()).resolve(TokenRecovery);
  const clientIp = await clientIpOf(context);
  const result = read.value.recoveryCode === undefined ? await recovery.recoverOnThisDevice(id.value, clientIp) : await recovery.redeem(id.value, read.value.recoveryCode, clientIp);
  if (result.ok) return json(result.value);
  return jsonError(result.error.message, result.error.status, retryAfter(result.error));
};

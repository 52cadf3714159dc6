import type { APIRoute } from 'astro';
import { recoverTokens } from '../../contracts/scan-credits-recovery';
import { anonymousIdOf, anonymousIdRefused } from '../../server/http/anonymous-id';
import { answerWith } from '../../server/http/answer';
import { clientIpOf } from '../../server/http/client-ip';
import { readJson, requestRefused } from '../../server/http/read-json';
import { recoveryFailureResponse } from '../../server/http/scan-credits-recovery';

/**
 * POST { anonymousUserId, recoveryCode? } → { anonymousUserId, tokens }.
 * Without a code: the server balance of this device's id. With one: the identity the code belongs
 * to, which the browser then keeps as its own. Both are rate-limited per IP and per device.
 */
export const POST: APIRoute = async (context) => {
  const read = await readJson(context.request, recoverTokens.request, 4096);
  if (!read.ok) return requestRefused(read.error);
  const id = anonymousIdOf(context.request, read.value.anonymousUserId);
  if (!id.ok) return anonymousIdRefused(id.error);
  const { tokenRecovery } = await context.locals.services();
  const clientIp = await clientIpOf(context);
  const { recoveryCode } = read.value;
  const result = recoveryCode === undefined ? await tokenRecovery.recoverOnThisDevice(id.value, clientIp) : await tokenRecovery.redeem(id.value, recoveryCode, clientIp);
  return result.ok ? answerWith(recoverTokens, result.value) : recoveryFailureResponse(result.error);
};

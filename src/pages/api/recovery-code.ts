import type { APIRoute } from 'astro';
import { newRecoveryCode } from '../../contracts/scan-credits-recovery';
import { anonymousIdOf, anonymousIdRefused } from '../../server/http/anonymous-id';
import { answerWith } from '../../server/http/answer';
import { clientIpOf } from '../../server/http/client-ip';
import { readJson, requestRefused } from '../../server/http/read-json';
import { recoveryFailureResponse } from '../../server/http/scan-credits-recovery';

/** POST { anonymousUserId } → { recoveryCode, expiresAt }: a fresh code for a device with a confirmed purchase. */
export const POST: APIRoute = async (context) => {
  const read = await readJson(context.request, newRecoveryCode.request, 4096);
  if (!read.ok) return requestRefused(read.error);
  const id = anonymousIdOf(context.request, read.value.anonymousUserId);
  if (!id.ok) return anonymousIdRefused(id.error);
  const result = await (await context.locals.services()).tokenRecovery.recoveryCodeFor(id.value, await clientIpOf(context));
  return result.ok ? answerWith(newRecoveryCode, { recoveryCode: result.value.code, expiresAt: result.value.expiresAt.toISOString() }) : recoveryFailureResponse(result.error);
};

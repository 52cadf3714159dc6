import type { APIRoute } from 'astro';
import { revokeRecoveryCodes } from '../../../contracts/scan-credits-recovery';
import { anonymousIdOf, anonymousIdRefused } from '../../../server/http/anonymous-id';
import { answerWith } from '../../../server/http/answer';
import { clientIpOf } from '../../../server/http/client-ip';
import { readJson, requestRefused } from '../../../server/http/read-json';
import { recoveryFailureResponse } from '../../../server/http/scan-credits-recovery';

/**
 * POST { anonymousUserId, recoveryCode? } → { revoked }: the holder revokes their recovery codes
 * still in force (or only the one given), e.g. after one was seen by someone else.
 */
export const POST: APIRoute = async (context) => {
  const read = await readJson(context.request, revokeRecoveryCodes.request, 4096);
  if (!read.ok) return requestRefused(read.error);
  const id = anonymousIdOf(context.request, read.value.anonymousUserId);
  if (!id.ok) return anonymousIdRefused(id.error);
  const result = await (await context.locals.services()).tokenRecovery.revoke(id.value, read.value.recoveryCode ?? null, await clientIpOf(context));
  return result.ok ? answerWith(revokeRecoveryCodes, { revoked: result.value }) : recoveryFailureResponse(result.error);
};

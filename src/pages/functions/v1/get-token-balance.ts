import type { APIRoute } from 'astro';
import { tokenBalance } from '../../../contracts/scan-credits';
import { anonymousIdOf, anonymousIdRefused } from '../../../server/http/anonymous-id';
import { answerWith } from '../../../server/http/answer';
import { readJson, requestRefused } from '../../../server/http/read-json';

/** POST { anonymousUserId } → { tokenBalance: { totalTokens } }, from the server's ledger. */
export const POST: APIRoute = async ({ request, locals }) => {
  const read = await readJson(request, tokenBalance.request, 4096);
  if (!read.ok) return requestRefused(read.error);
  const id = anonymousIdOf(request, read.value.anonymousUserId);
  if (!id.ok) return anonymousIdRefused(id.error);
  const totalTokens = await (await locals.services()).metering.balance(id.value);
  return answerWith(tokenBalance, { tokenBalance: { totalTokens } });
};

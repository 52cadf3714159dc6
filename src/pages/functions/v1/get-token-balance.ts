import type { APIRoute } from 'astro';
import { z } from 'zod';
import type { TokenCredits } from '../../../../ports/token-credits';
import { TOKENS } from '../../../../ports/tokens';
import { anonymousIdOf } from '../../../server/anonymous-id';
import { app } from '../../../server/app';
import { json, jsonError } from '../../../server/http';
import { readJson } from '../../../server/request';

const body = z.object({ anonymousUserId: z.string().max(100).optional() });

/** Seed 000 §7: POST { anonymousUserId } → { tokenBalance: { totalTokens } }, from the server's ledger. */
export const POST: APIRoute = async ({ request }) => {
  const read = await readJson(request, body, 4096);
  if (!read.ok) return jsonError(read.error.message, read.error.status);
  const id = anonymousIdOf(request, read.value.anonymousUserId);
  if (!id.ok) return jsonError(id.error, 400);
  const totalTokens = await (await app()).resolve<TokenCredits>(TOKENS.TokenCredits).balance(id.value);
  return json({ tokenBalance: { totalTokens } });
};

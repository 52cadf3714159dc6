import type { APIRoute } from 'astro';
import { z } from 'zod';
import { anonymousIdOf, anonymousIdRefused } from '../../../server/http/anonymous-id';
import { json } from '../../../server/http/json';
import { readJson, requestRefused } from '../../../server/http/read-json';

const body = z.object({ anonymousUserId: z.string().max(100).optional() });

/** POST { anonymousUserId } → { tokenBalance: { totalTokens } }, from the server's ledger. */
export const POST: APIRoute = async ({ request, locals }) => {
  const read = await readJson(request, body, 4096);
  if (!read.ok) return requestRefused(read.error);
  const id = anonymousIdOf(request, read.value.anonymousUserId);
  if (!id.ok) return anonymousIdRefused(id.error);
  const totalTokens = await (await locals.services()).metering.balance(id.value);
  return json({ tokenBalance: { totalTokens } });
};

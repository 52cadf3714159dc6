import type { APIRoute } from 'astro';
import { z } from 'zod';
import { anonymousIdOf } from '../../../server/http/anonymous-id';
import { json, jsonFailure } from '../../../server/http/json';
import { readJson, requestRefused } from '../../../server/http/read-json';

const body = z.object({ anonymousUserId: z.string().max(100).optional() });

/** Seed 000 §7: POST { anonymousUserId } → { tokenBalance: { totalTokens } }, from the server's ledger. */
export const POST: APIRoute = async ({ request, locals }) => {
  const read = await readJson(request, body, 4096);
  if (!read.ok) return requestRefused(read.error);
  const id = anonymousIdOf(request, read.value.anonymousUserId);
  if (!id.ok) return jsonFailure('invalid_anonymous_id', id.error, 400);
  const totalTokens = await (await locals.services()).metering.balance(id.value);
  return json({ tokenBalance: { totalTokens } });
};

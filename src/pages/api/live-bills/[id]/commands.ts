import type { APIRoute } from 'astro';
import { z } from 'zod';
import { liveBillToJson } from '../../../../../domain/live-bill/wire';
import { clientIpOf } from '../../../../server/http/client-ip';
import { json } from '../../../../server/http/json';
import { liveRefusalResponse } from '../../../../server/http/live-bills';
import { readJson, requestRefused } from '../../../../server/http/read-json';

const id = z.string().min(1).max(64);
const unit = z.number().int().min(0).max(100);
const command = z.discriminatedUnion('type', [
  z.object({ type: z.literal('claim'), itemId: id, unit, dinerId: id, claimed: z.boolean() }),
  z.object({ type: z.literal('moveClaim'), itemId: id, unit, from: id, to: id }),
  z.object({ type: z.literal('join'), dinerId: id }),
  z.object({ type: z.literal('addDiner'), name: z.string().max(100) }),
  z.object({ type: z.literal('removeDiner'), dinerId: id }),
  z.object({ type: z.literal('editItem'), itemId: id, name: z.string().max(200), pricePence: z.number().int(), units: z.number().int() }),
  z.object({ type: z.literal('setStatus'), status: z.enum(['open', 'locked', 'finished']) }),
]);
const body = z.object({ key: z.string().max(100), command });

/** One change to a live bill, by whoever holds `key` (the organiser's, the table's, or a diner's). */
export const POST: APIRoute = async (context) => {
  const input = await readJson(context.request, body);
  if (!input.ok) return requestRefused(input.error);
  const { liveBills } = await context.locals.services();
  const outcome = await liveBills.command(context.params.id ?? '', input.value.key, input.value.command, await clientIpOf(context));
  if (!outcome.ok) return liveRefusalResponse(outcome.error);
  return json({ bill: liveBillToJson(outcome.value.bill), ...(outcome.value.joined ? { joined: outcome.value.joined } : {}) });
};

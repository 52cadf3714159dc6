import type { APIRoute } from 'astro';
import { z } from 'zod';
import { MAX_DINERS } from '../../../../../domain/diners';
import type { LiveRequest } from '../../../../../domain/live-bill/live-bill';
import { liveBillToJson } from '../../../../../domain/live-bill/wire';
import { ownPayBackPath } from '../../../../../domain/paying-back/pay-back-links';
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
  z.object({
    type: z.literal('handOut'),
    payTo: z.string().max(100),
    links: z.array(z.object({ dinerId: id, url: z.string().max(500), pence: z.number().int() })).max(MAX_DINERS),
  }),
]);
const body = z.object({ key: z.string().max(100), command });

/** One change to a live bill, by whoever holds `key` (the organiser's, the table's, or a diner's). */
export const POST: APIRoute = async (context) => {
  const input = await readJson(context.request, body);
  if (!input.ok) return requestRefused(input.error);
  const { liveBills, publicUrl } = await context.locals.services();
  const command = ownLinks(input.value.command, [new URL(publicUrl(context.url.origin, '/')).origin, context.url.origin]);
  if (command === null) return liveRefusalResponse({ code: 'bad_link' });
  const outcome = await liveBills.command(context.params.id ?? '', input.value.key, command, await clientIpOf(context));
  if (!outcome.ok) return liveRefusalResponse(outcome.error);
  return json({ bill: liveBillToJson(outcome.value.bill), ...(outcome.value.joined ? { joined: outcome.value.joined } : {}) });
};

/** Pay-back links as paths of our own pages (sent as full links or paths); null if any is not one. */
function ownLinks(command: z.infer<typeof body>['command'], origins: readonly string[]): LiveRequest | null {
  if (command.type !== 'handOut') return command;
  const links = command.links.map((l) => ({ dinerId: l.dinerId, path: ownPayBackPath(l.url, origins), pence: l.pence }));
  return links.every((l): l is typeof l & { path: string } => l.path !== null) ? { type: 'handOut', payTo: command.payTo, links } : null;
}

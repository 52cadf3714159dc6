import type { APIRoute } from 'astro';
import type { LiveRequest } from '../../../../../domain/live-bill/live-bill';
import { liveBillToWire } from '../../../../contracts/live-bill-wire';
import { ownPayBackPath } from '../../../../../domain/paying-back/pay-back-links';
import { billIdOf } from '../../../../../domain/bill-ids';
import { clientIpOf } from '../../../../server/http/client-ip';
import { idRefused } from '../../../../server/http/path-ids';
import { answerWith } from '../../../../server/http/answer';
import { liveRefusalResponse } from '../../../../server/http/live-bills';
import { readJson, requestRefused } from '../../../../server/http/read-json';
import { liveCommand, type LiveCommandRequest } from '../../../../contracts/live-bills';

/** One change to a live bill, by whoever holds `key` (the organiser's, the table's, or a diner's). */
export const POST: APIRoute = async (context) => {
  const billId = billIdOf(context.params.id);
  if (billId === null) return idRefused('billId');
  const input = await readJson(context.request, liveCommand.request);
  if (!input.ok) return requestRefused(input.error);
  const { liveBills, publicUrl } = await context.locals.services();
  const command = ownLinks(input.value.command, [new URL(publicUrl(context.url.origin, '/')).origin, context.url.origin]);
  if (command === null) return liveRefusalResponse({ code: 'bad_link' });
  const outcome = await liveBills.command(billId, input.value.key, command, await clientIpOf(context));
  if (!outcome.ok) return liveRefusalResponse(outcome.error);
  const { joined, asked } = outcome.value;
  return answerWith(liveCommand, { bill: liveBillToWire(outcome.value.bill), ...(joined ? { joined } : {}), ...(asked ? { asked } : {}) });
};

/** Pay-back links as paths of our own pages (sent as full links or paths); null if any is not one. */
function ownLinks(command: LiveCommandRequest, origins: readonly string[]): LiveRequest | null {
  if (command.type !== 'handOut') return command;
  const links = command.links.map((l) => ({ dinerId: l.dinerId, path: ownPayBackPath(l.url, origins), pence: l.pence }));
  return links.every((l): l is typeof l & { path: string } => l.path !== null) ? { type: 'handOut', payTo: command.payTo, links } : null;
}

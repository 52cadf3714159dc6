import type { APIRoute } from 'astro';
import { billIdOf } from '../../../../../domain/bill-ids';
import { clientIpOf } from '../../../../server/http/client-ip';
import { idRefused } from '../../../../server/http/path-ids';
import { liveRefusalResponse } from '../../../../server/http/live-bills';
import { billStream } from '../../../../server/http/live-event-stream';

/**
 * The bill as a Server-Sent Events stream: its current version, then every change. EventSource
 * reconnects by itself and sends Last-Event-ID (the version it has), so it gets what it missed;
 * `since` says the same for a new EventSource. A version that follows the one sent comes as a
 * `change` event, anything else as the whole bill. Every version comes as the key's holder may see it
 * (LiveBills.watch applies visibleTo): a diner's stream carries their own pay-back link only.
 */
export const GET: APIRoute = async (context) => {
  const { request, url } = context;
  const billId = billIdOf(context.params.id);
  if (billId === null) return idRefused('billId');
  const last = Number(request.headers.get('last-event-id') ?? url.searchParams.get('since') ?? -1);
  const stream = billStream(Number.isSafeInteger(last) ? last : -1, request.signal);
  const { liveBills } = await context.locals.services();
  const watched = await liveBills.watch(billId, url.searchParams.get('key') ?? '', await clientIpOf(context), (bill, change) => stream.send(bill, change));
  if (!watched.ok) return liveRefusalResponse(watched.error);
  stream.onClose(watched.value.close);
  stream.send(watched.value.bill);
  return stream.response;
};

import type { APIRoute } from 'astro';
import { LiveBills } from '../../../../application/live-bills/live-bills';
import { app } from '../../../../server/app';
import { clientIpOf } from '../../../../server/client-ip';
import { json } from '../../../../server/http';
import { billStream } from '../../../../server/live/event-stream';
import { liveRefusal } from '../../../../server/live/messages';

/**
 * The bill as a Server-Sent Events stream: its current version, then every change. EventSource
 * reconnects by itself and sends Last-Event-ID (the version it has), so it gets what it missed.
 */
export const GET: APIRoute = async (context) => {
  const { request, url } = context;
  const last = Number(request.headers.get('last-event-id') ?? url.searchParams.get('since') ?? -1);
  const stream = billStream(Number.isSafeInteger(last) ? last : -1, request.signal);
  const watched = await (await app()).resolve(LiveBills).watch(context.params.id ?? '', url.searchParams.get('key') ?? '', await clientIpOf(context), (bill) => stream.send(bill));
  if (!watched.ok) {
    const refusal = liveRefusal(watched.error.code);
    return json({ error: refusal.message, code: watched.error.code }, refusal.status);
  }
  stream.onClose(watched.value.close);
  stream.send(watched.value.bill);
  return stream.response;
};

import type { APIRoute } from 'astro';
import { ORGANISER_HEADER } from '../../../../contracts/paying-back';
import { billIdOf } from '../../../../../domain/bill-ids';
import { clientIpOf } from '../../../../server/http/client-ip';
import { idRefused } from '../../../../server/http/path-ids';
import { payingBackRefusal, paymentStatusStream } from '../../../../server/http/paying-back';

/**
 * The organiser's view of who has paid as Server-Sent Events (the contract's watchPayments): as it
 * stands, then after every change any process commits to the bill, so a diner's "I've paid" shows
 * on the organiser's summary at once. The secret comes in X-Organiser-Secret, never in the address.
 */
export const GET: APIRoute = async (context) => {
  const receiptId = billIdOf(context.params.id);
  if (receiptId === null) return idRefused('receiptId');
  const { payments } = await context.locals.services();
  // Views heard before the stream exists (between the watch and its answer) wait for it: only the newest matters.
  let stream: ReturnType<typeof paymentStatusStream> | null = null;
  let newest: Parameters<ReturnType<typeof paymentStatusStream>['send']>[0] | null = null;
  const secret = context.request.headers.get(ORGANISER_HEADER) ?? '';
  const watched = await payments.watch(receiptId, secret, await clientIpOf(context), (status) => (stream === null ? (newest = status) : stream.send(status)));
  if (!watched.ok) return payingBackRefusal(watched.error);
  const opened = paymentStatusStream(context.request.signal);
  opened.onClose(watched.value.close);
  opened.send(newest ?? watched.value.status);
  stream = opened;
  return opened.response;
};

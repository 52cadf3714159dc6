import type { APIRoute } from 'astro';
import { publicPaths } from '../../../domain/public-paths';
import { clientIpOf } from '../../server/http/client-ip';
import { answerWith } from '../../server/http/answer';
import { liveRefusalResponse } from '../../server/http/live-bills';
import { readJson, requestRefused } from '../../server/http/read-json';
import { billFromWire } from '../../contracts/bill';
import { openLiveBill } from '../../contracts/live-bills';

/** Opens the organiser's bill to the table: answers the organiser's key and the table's link. */
export const POST: APIRoute = async (context) => {
  const input = await readJson(context.request, openLiveBill.request);
  if (!input.ok) return requestRefused(input.error);
  const wanted = billFromWire(input.value.bill);
  if (!wanted.ok) return liveRefusalResponse({ code: 'bad_bill' });
  const { liveBills, publicUrl } = await context.locals.services();
  const opened = await liveBills.openToTable(wanted.value, input.value, await clientIpOf(context));
  if (!opened.ok) return liveRefusalResponse(opened.error);
  const { bill, organiserKey, tableKey } = opened.value;
  const url = publicUrl(context.url.origin, publicPaths.liveBill(bill.id, tableKey));
  return answerWith(openLiveBill, { billId: bill.id, organiserKey, tableKey, url, expiresAt: bill.expiresAt.toISOString() }, 201);
};

import type { APIRoute } from 'astro';
import { publicPaths } from '../../../domain/public-paths';
import { SHARE_MESSAGES } from '../../../domain/sharing/share-packet';
import { billFromWire } from '../../contracts/bill';
import { storeBill } from '../../contracts/paying-back';
import { answerWith } from '../../server/http/answer';
import { clientIpOf } from '../../server/http/client-ip';
import { payingBackRefusal } from '../../server/http/paying-back';
import { readJson, requestRefused } from '../../server/http/read-json';

/**
 * Stores the organiser's bill for getting paid back, or edits the one this device stored: the
 * contract's storeBill. Each diner new to the bill gets their link `/r/{receiptId}/{capability}`.
 */
export const POST: APIRoute = async (context) => {
  const input = await readJson(context.request, storeBill.request);
  if (!input.ok) return requestRefused(input.error);
  const bill = billFromWire(input.value.bill);
  if (!bill.ok) return payingBackRefusal({ code: 'invalid_bill', message: SHARE_MESSAGES.invalidFormat });
  const { shareBill, publicUrl } = await context.locals.services();
  const shared = await shareBill.execute({ ...input.value, bill: bill.value }, await clientIpOf(context));
  if (!shared.ok) return payingBackRefusal(shared.error);
  const link = (capability: string) => publicUrl(context.url.origin, publicPaths.dinerPage(shared.value.receiptId, capability));
  const diners = shared.value.diners.map((d) => ({ ...d, url: d.capability === null ? null : link(d.capability) }));
  return answerWith(storeBill, { ...shared.value, diners }, input.value.stored === undefined ? 201 : 200);
};

import type { APIRoute } from 'astro';
import { publicPaths } from '../../../domain/public-paths';
import { billOfStoredReceiptRequest, storedReceiptRequest } from '../../contracts/stored-receipts';
import { clientIpOf } from '../../server/http/client-ip';
import { json } from '../../server/http/json';
import { readJson, requestRefused } from '../../server/http/read-json';
import { shareRefusalResponse } from '../../server/http/sharing';

/**
 * Stores a receipt when the organiser shares; answers its id and, for each diner, their short id and
 * their link /r/{id}/{capability} (the short /r/{id}/{dinerId} opens the page too, to read only).
 */
export const POST: APIRoute = async (context) => {
  const { request, url } = context;
  const input = await readJson(request, storedReceiptRequest);
  if (!input.ok) return requestRefused(input.error);
  const receipt = billOfStoredReceiptRequest(input.value);
  if (!receipt.ok) return shareRefusalResponse({ code: 'invalid_bill', reason: receipt.error });
  const { storedReceipts, publicUrl } = await context.locals.services();
  const created = await storedReceipts.create(receipt.value.bill, receipt.value.terms, await clientIpOf(context));
  if (!created.ok) return shareRefusalResponse(created.error);
  const { receiptId, diners } = created.value;
  return json({ receiptId, diners: diners.map(({ capability, ...d }) => ({ ...d, url: publicUrl(url.origin, publicPaths.dinerPage(receiptId, capability)) })) }, 201);
};

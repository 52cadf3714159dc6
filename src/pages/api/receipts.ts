import type { APIRoute } from 'astro';
import { publicPaths } from '../../../domain/public-paths';
import { z } from 'zod';
import { TIP_SPLITS } from '../../../domain/split';
import { clientIpOf } from '../../server/http/client-ip';
import { json } from '../../server/http/json';
import { readJson, requestRefused } from '../../server/http/read-json';
import { shareRefusalResponse } from '../../server/http/sharing';

const id = z.string().min(1).max(64);
const handle = z.string().max(60).nullish();
const body = z.object({
  merchant: z.string().max(200).nullish(),
  diningDate: z.string().max(10).nullish(),
  serviceChargePence: z.number().int().nullish(),
  tipPence: z.number().int(),
  /** ISO 4217; pounds when left out. */
  currency: z.string().max(3).nullish(),
  tipSplit: z.enum(TIP_SPLITS).optional(),
  diners: z.array(z.object({ id, name: z.string().max(100), monzo: handle, revolut: handle, paypal: handle })).max(50),
  items: z.array(z.object({ name: z.string().max(200), pricePence: z.number().int(), kind: z.enum(['item', 'discount']).optional(), assignedTo: z.array(id).max(50) })).max(500),
});

/**
 * Stores a receipt when the organiser shares; answers its id and, for each diner, their short id and
 * their link /r/{id}/{capability} (the short /r/{id}/{dinerId} opens the page too, to read only).
 */
export const POST: APIRoute = async (context) => {
  const { request, url } = context;
  const input = await readJson(request, body);
  if (!input.ok) return requestRefused(input.error);
  const { storedReceipts, publicUrl } = await context.locals.services();
  const created = await storedReceipts.create(input.value, await clientIpOf(context));
  if (!created.ok) return shareRefusalResponse(created.error);
  const { receiptId, diners } = created.value;
  return json({ receiptId, diners: diners.map(({ capability, ...d }) => ({ ...d, url: publicUrl(url.origin, publicPaths.dinerPage(receiptId, capability)) })) }, 201);
};

import type { APIRoute } from 'astro';
import { z } from 'zod';
import { publicPaths } from '../../../domain/public-paths';
import { TIP_SPLITS } from '../../../domain/split';
import { clientIpOf } from '../../server/http/client-ip';
import { json } from '../../server/http/json';
import { payingBackRefusal } from '../../server/http/paying-back';
import { readJson, requestRefused } from '../../server/http/read-json';

const id = z.string().min(1).max(64);
const text = z.string().max(200).nullish();
const body = z.object({
  bill: z.object({
    merchant: text,
    diningDate: z.string().max(10).nullish(),
    /** The diner who paid the restaurant (absent: the organiser, not one of the diners). */
    payerId: id.nullish(),
    tipPence: z.number().int(),
    /** ISO 4217; pounds when left out. */
    currency: z.string().max(3).nullish(),
    /** One unit of the bill's currency in pounds, when the organiser is paid back in pounds. */
    payBackRate: z.string().max(20).nullish(),
    tipSplit: z.enum(TIP_SPLITS).optional(),
    diners: z.array(z.object({ id, name: z.string().max(100) })).max(50),
    items: z.array(z.object({ name: z.string().max(200), pricePence: z.number().int(), kind: z.enum(['item', 'service', 'discount']).optional(), assignedTo: z.array(id).max(50) })).max(500),
  }),
  payee: z.object({ name: text, monzo: text, revolut: text, paypal: text }),
  stored: z.object({ receiptId: id, organiserSecret: id, dinerIds: z.record(id, id) }).optional(),
});

/**
 * Stores the organiser's bill for getting paid back (201), or edits the one this device stored (200,
 * with its secret). Each diner new to the bill gets their link `/r/{receiptId}/{capability}`; the
 * device keeps it, since the server keeps only the capability's hash.
 */
export const POST: APIRoute = async (context) => {
  const input = await readJson(context.request, body);
  if (!input.ok) return requestRefused(input.error);
  const { shareBill, publicUrl } = await context.locals.services();
  const shared = await shareBill.execute(input.value, await clientIpOf(context));
  if (!shared.ok) return payingBackRefusal(shared.error);
  const link = (capability: string) => publicUrl(context.url.origin, publicPaths.dinerPage(shared.value.receiptId, capability));
  const diners = shared.value.diners.map((d) => ({ ...d, url: d.capability === null ? null : link(d.capability) }));
  return json({ ...shared.value, diners }, input.value.stored === undefined ? 201 : 200);
};

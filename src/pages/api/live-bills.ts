import type { APIRoute } from 'astro';
import { publicPaths } from '../../../domain/public-paths';
import { z } from 'zod';
import { TIP_SPLITS } from '../../../domain/split';
import { clientIpOf } from '../../server/http/client-ip';
import { json } from '../../server/http/json';
import { liveRefusalResponse } from '../../server/http/live-bills';
import { readJson, requestRefused } from '../../server/http/read-json';

const id = z.string().min(1).max(64);
const body = z.object({
  items: z
    .array(
      z.object({
        id,
        name: z.string().max(200),
        pricePence: z.number().int(),
        kind: z.enum(['item', 'service', 'vat', 'discount']),
        assignedTo: z.array(id).max(50).optional(),
        // Checked by the bill's rules (a whole number of units the line can hold, 'bad_item' if not).
        quantity: z.number().optional(),
        unitCounts: z.record(id, z.number()).optional(),
      }),
    )
    .max(200),
  diners: z.array(z.object({ id, name: z.string().max(100) })).max(50),
  tip: z.union([z.object({ percent: z.number() }), z.object({ pence: z.number().int() })]),
  tipSplit: z.enum(TIP_SPLITS).optional(),
  /** Optional: the diner on the organiser's phone, who joins at once. */
  organiserDinerId: id.nullish(),
});

/** Opens the organiser's bill to the table: answers the organiser's key and the table's link. */
export const POST: APIRoute = async (context) => {
  const input = await readJson(context.request, body);
  if (!input.ok) return requestRefused(input.error);
  const { liveBills, publicUrl } = await context.locals.services();
  const opened = await liveBills.openToTable({ ...input.value, tipSplit: input.value.tipSplit ?? 'equal' }, await clientIpOf(context));
  if (!opened.ok) return liveRefusalResponse(opened.error);
  const { bill, organiserKey, tableKey } = opened.value;
  const url = publicUrl(context.url.origin, publicPaths.liveBill(bill.id, tableKey));
  return json({ billId: bill.id, organiserKey, tableKey, url, expiresAt: bill.expiresAt.toISOString() }, 201);
};

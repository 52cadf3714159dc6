import type { APIRoute } from 'astro';
import { z } from 'zod';
import { TIP_SPLITS } from '../../../domain/split';
import { LiveBills } from '../../application/live-bills/live-bills';
import { app } from '../../server/app';
import { clientIpOf } from '../../server/client-ip';
import { json, jsonError, retryAfter } from '../../server/http';
import { liveRefusal } from '../../server/live/messages';
import { readJson } from '../../server/request';
import { ShareLinks } from '../../server/sharing/share-links';

const id = z.string().min(1).max(64);
const body = z.object({
  items: z.array(z.object({ id, name: z.string().max(200), pricePence: z.number().int(), kind: z.enum(['item', 'service', 'vat', 'discount']), assignedTo: z.array(id).max(50).optional() })).max(200),
  diners: z.array(z.object({ id, name: z.string().max(100) })).max(50),
  tip: z.union([z.object({ percent: z.number() }), z.object({ pence: z.number().int() })]),
  tipSplit: z.enum(TIP_SPLITS).optional(),
});

/** Opens the organiser's bill to the table: answers the organiser's key and the table's link. */
export const POST: APIRoute = async (context) => {
  const input = await readJson(context.request, body);
  if (!input.ok) return jsonError(input.error.message, input.error.status);
  const container = await app();
  const opened = await container.resolve(LiveBills).openToTable({ ...input.value, tipSplit: input.value.tipSplit ?? 'equal' }, await clientIpOf(context));
  if (!opened.ok) {
    const refusal = liveRefusal(opened.error.code, opened.error.retryAfterSeconds);
    return json({ error: refusal.message, code: opened.error.code }, refusal.status, retryAfter(opened.error));
  }
  const { bill, organiserKey, tableKey } = opened.value;
  const base = container.resolve(ShareLinks).baseUrl(context.url.origin);
  return json({ billId: bill.id, organiserKey, tableKey, url: `${base}/live/${bill.id}#${tableKey}`, expiresAt: bill.expiresAt.toISOString() }, 201);
};

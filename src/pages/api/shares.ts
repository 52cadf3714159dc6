import type { APIRoute } from 'astro';
import { z } from 'zod';
import { SHARED_KINDS } from '../../../domain/sharing/share-packet';
import { TIP_SPLITS } from '../../../domain/split';
import { json } from '../../server/http/json';
import { readJson, requestRefused } from '../../server/http/read-json';
import { shareRefusalResponse } from '../../server/http/sharing';

const id = z.string().min(1).max(64);
const body = z.object({
  diners: z.array(z.object({ id, name: z.string().max(100) })).max(50),
  items: z.array(z.object({ name: z.string().max(200), pricePence: z.number().int(), kind: z.enum(SHARED_KINDS).optional(), assignedTo: z.array(id).max(50) })).max(500),
  tipPence: z.number().int(),
  /** Optional: how the tip is shared; equal when left out. */
  tipSplit: z.enum(TIP_SPLITS).optional(),
  /** Optional: an individual share for one diner (the single-seat view). */
  dinerId: id.nullish(),
  /** Optional: the bill's ISO 4217 currency; pounds when left out. */
  currency: z.string().max(3).nullish(),
  /** Optional: the bill's name, which heads the page. */
  name: z.string().max(200).nullish(),
  /** Optional: the diner who paid the restaurant, shown as owed rather than owing. */
  payerId: id.nullish(),
  /** Optional: one unit of the bill's currency in pounds, for a bill paid back in pounds. */
  payBackRate: z.string().max(20).nullish(),
});

/** A signed public link /b/{token} to the whole bill (or one diner's view of it): `{ url, token, expiresAt }`. */
export const POST: APIRoute = async ({ request, url, locals }) => {
  const input = await readJson(request, body);
  if (!input.ok) return requestRefused(input.error);
  const { shareLinks, publicUrl } = await locals.services();
  const link = shareLinks.create(input.value);
  if (!link.ok) return shareRefusalResponse(link.error);
  const { path, token, expiresAt } = link.value;
  return json({ url: publicUrl(url.origin, path), token, expiresAt }, 201);
};

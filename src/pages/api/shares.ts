import type { APIRoute } from 'astro';
import { z } from 'zod';
import { SHARED_KINDS } from '../../../domain/sharing/share-packet';
import { TIP_SPLITS } from '../../../domain/split';
import { app } from '../../server/app';
import { json, jsonError } from '../../server/http';
import { readJson } from '../../server/request';
import { ShareLinks } from '../../server/sharing/share-links';

const id = z.string().min(1).max(64);
const body = z.object({
  diners: z.array(z.object({ id, name: z.string().max(100) })).max(50),
  items: z.array(z.object({ name: z.string().max(200), pricePence: z.number().int(), kind: z.enum(SHARED_KINDS).optional(), assignedTo: z.array(id).max(50) })).max(500),
  tipPence: z.number().int(),
  /** Optional: how the tip is shared; equal when left out. */
  tipSplit: z.enum(TIP_SPLITS).optional(),
  /** Optional: an individual share for one diner (the single-seat view). */
  dinerId: id.nullish(),
});

/** DESIGN.md §3: a signed public link /b/{token} to the whole bill (or one diner's view of it). */
export const POST: APIRoute = async ({ request, url }) => {
  const input = await readJson(request, body);
  if (!input.ok) return jsonError(input.error.message, input.error.status);
  const links = (await app()).resolve(ShareLinks);
  const link = links.create(input.value, url.origin);
  if (!link.ok) return jsonError(link.error, 400);
  return json(link.value, 201);
};

import type { APIRoute } from 'astro';
import { SHARE_MESSAGES } from '../../../domain/sharing/share-packet';
import { billFromWire } from '../../contracts/bill';
import { createShareLink, type ShareLinkRefusal } from '../../contracts/shares';
import { answerWith } from '../../server/http/answer';
import { readJson, requestRefused } from '../../server/http/read-json';
import { shareRefusalResponse } from '../../server/http/sharing';

/** A signed public link /b/{token} to the whole bill (or one diner's view of it): the contract's createShareLink. */
export const POST: APIRoute = async ({ request, url, locals }) => {
  const input = await readJson(request, createShareLink.request);
  if (!input.ok) return requestRefused(input.error);
  const bill = billFromWire(input.value.bill);
  if (!bill.ok) return shareRefusalResponse({ code: 'invalid_bill', reason: bill.error.field === 'payerId' ? SHARE_MESSAGES.dinerNotFound : SHARE_MESSAGES.invalidFormat });
  const { shareLinks, publicUrl } = await locals.services();
  const link = shareLinks.create(bill.value, { dinerId: input.value.dinerId, payBackRate: input.value.payBackRate });
  if (!link.ok) return shareRefusalResponse(link.error satisfies { readonly code: ShareLinkRefusal });
  const { path, token, expiresAt } = link.value;
  return answerWith(createShareLink, { url: publicUrl(url.origin, path), token, expiresAt }, 201);
};

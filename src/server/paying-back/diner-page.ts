import type { APIContext } from 'astro';
// The container (and its reflect-metadata polyfill) loads before any decorated use case.
import { app } from '../app';
import { OpenDinerBill, type DinerBill } from '../../application/paying-back/diner-bill';
import { Payments } from '../../application/paying-back/payments';
import { BREAKDOWN_MESSAGES } from '../../../domain/sharing/stored-receipt';
import { payingBackMessage } from './responses';
import { clientIpOf } from '../client-ip';

/**
 * "I've paid" on a diner's page is a plain form posted to the page itself, so it works without
 * scripts; the answer redirects back (303) so a reload does not post again. A refusal travels as
 * ?problem={code} for the page to explain.
 */
export async function answerIvePaid(context: Pick<APIContext, 'clientAddress' | 'request' | 'params' | 'url'>): Promise<Response> {
  const { params, url } = context;
  const said = await (await app()).resolve(Payments).dinerPaid({ receiptId: params.id, dinerKey: params.dinerId }, await clientIpOf(context));
  const back = said.ok || said.error.code !== 'rate-limited' ? url.pathname : `${url.pathname}?problem=rate-limited`;
  return new Response(null, { status: 303, headers: { location: back } });
}

/** The diner page's content, or the documents' text for why there is none (the page answers 404 then). */
export async function loadDinerPage(receiptId: string | undefined, dinerKey: string | undefined): Promise<{ ok: true; page: DinerBill } | { ok: false; problem: string }> {
  if (!receiptId || !dinerKey) return { ok: false, problem: BREAKDOWN_MESSAGES.missingIds };
  const opened = await (await app()).resolve(OpenDinerBill).execute(receiptId, dinerKey);
  return opened.ok ? { ok: true, page: opened.value } : { ok: false, problem: payingBackMessage(opened.error) };
}

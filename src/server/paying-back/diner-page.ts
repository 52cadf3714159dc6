import type { APIContext } from 'astro';
import { Payments } from '../../application/paying-back/payments';
import { app } from '../app';
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

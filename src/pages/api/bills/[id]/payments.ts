import type { APIRoute } from 'astro';
import { json } from '../../../../server/http/json';
import { ORGANISER_HEADER, payingBackRefusal } from '../../../../server/http/paying-back';

/** The organiser's view of who has paid (their secret in X-Organiser-Secret). */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const status = await (await locals.services()).payments.status(params.id ?? '', request.headers.get(ORGANISER_HEADER) ?? '');
  return status.ok ? json(status.value) : payingBackRefusal(status.error);
};

import type { APIRoute } from 'astro';
// The container (and its reflect-metadata polyfill) loads before any decorated use case.
import { app } from '../../../../server/app';
import { Payments } from '../../../../application/paying-back/payments';
import { json } from '../../../../server/http';
import { ORGANISER_HEADER, payingBackError } from '../../../../server/paying-back/responses';

/** The organiser's view of who has paid (their secret in X-Organiser-Secret). */
export const GET: APIRoute = async ({ params, request }) => {
  const status = await (await app()).resolve(Payments).status(params.id ?? '', request.headers.get(ORGANISER_HEADER) ?? '');
  return status.ok ? json(status.value) : payingBackError(status.error);
};

import type { APIRoute } from 'astro';
import { AnalyzeReceipt } from '../../../server/analyze-receipt';
import { app } from '../../../server/app';
import { jsonError } from '../../../server/http';

export const POST: APIRoute = async (context) => {
  let clientAddress = 'unknown';
  try {
    clientAddress = context.clientAddress;
  } catch {
    // Not every adapter knows the peer address; then all such clients share one IP bucket.
  }
  return (await app()).resolve(AnalyzeReceipt).handle(context.request, clientAddress);
};

export const ALL: APIRoute = () => jsonError('Method not allowed', 405, { allow: 'POST' });

import type { APIRoute } from 'astro';
import { AnalyzeReceipt } from '../../../server/analyze-receipt';
import { app } from '../../../server/app';
import { clientIpOf } from '../../../server/client-ip';
import { jsonError } from '../../../server/http';

export const POST: APIRoute = async (context) => (await app()).resolve(AnalyzeReceipt).handle(context.request, await clientIpOf(context));

export const ALL: APIRoute = () => jsonError('Method not allowed', 405, { allow: 'POST' });

import type { APIRoute } from 'astro';
import { json } from '../../server/http/json';

export const GET: APIRoute = async ({ locals }) => {
  const report = await (await locals.services()).health.report();
  return json(report, report.status === 'ok' ? 200 : 503);
};

import type { APIRoute } from 'astro';
import { app } from '../../server/app';
import { HealthCheck } from '../../server/health';
import { json } from '../../server/http';

export const GET: APIRoute = async () => {
  const report = await (await app()).resolve(HealthCheck).report();
  return json(report, report.status === 'ok' ? 200 : 503);
};

import type { APIRoute } from 'astro';
import { tabIdOf } from '../../../../../domain/tab/tab';
import { TAB_KEY_HEADER } from '../../../../contracts/tabs';
import { idRefused } from '../../../../server/http/path-ids';
import { tabRefusalResponse } from '../../../../server/http/tabs';

/** The tab as CSV: its bills with who paid and each share, the payments made, the balances and the plan. */
export const GET: APIRoute = async (context) => {
  const tabId = tabIdOf(context.params.id);
  if (tabId === null) return idRefused('tabId');
  const { tabs } = await context.locals.services();
  const csv = await tabs.csv(tabId, context.request.headers.get(TAB_KEY_HEADER) ?? '');
  if (!csv.ok) return tabRefusalResponse(csv.error);
  return new Response(csv.value, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="tab.csv"', 'cache-control': 'private, no-store' } });
};

import type { APIRoute } from 'astro';
import { currencyCode } from '../../../domain/currency';
import { publicPaths } from '../../../domain/public-paths';
import { openTab } from '../../contracts/tabs';
import { answerWith } from '../../server/http/answer';
import { clientIpOf } from '../../server/http/client-ip';
import { json } from '../../server/http/json';
import { readJson, requestRefused } from '../../server/http/read-json';
import { tabRefusalResponse } from '../../server/http/tabs';

/** Opens a tab: answers its link, whose fragment carries the key everyone on the tab uses. */
export const POST: APIRoute = async (context) => {
  const input = await readJson(context.request, openTab.request);
  if (!input.ok) return requestRefused(input.error);
  const currency = currencyCode(input.value.currency);
  if (currency === null) return json({ error: 'Choose a currency', code: 'invalid_body', field: 'currency' }, 400);
  const { tabs, publicUrl } = await context.locals.services();
  const opened = await tabs.open({ ...input.value, currency }, await clientIpOf(context));
  if (!opened.ok) return tabRefusalResponse(opened.error);
  const { view, key } = opened.value;
  return answerWith(openTab, { tabId: view.id, key, url: publicUrl(context.url.origin, publicPaths.tab(view.id, key)), tab: view }, 201);
};

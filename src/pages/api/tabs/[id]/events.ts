import type { APIRoute } from 'astro';
import { tabIdOf } from '../../../../../domain/tab/tab';
import { idRefused } from '../../../../server/http/path-ids';
import { tabRefusalResponse, tabStream } from '../../../../server/http/tabs';

/**
 * The tab as a Server-Sent Events stream: as it stands, then every version another phone commits.
 * EventSource cannot send headers, so the key comes in the query (the page's own fetches send it in a header).
 */
export const GET: APIRoute = async (context) => {
  const tabId = tabIdOf(context.params.id);
  if (tabId === null) return idRefused('tabId');
  const stream = tabStream(context.request.signal);
  const { tabs } = await context.locals.services();
  const watched = await tabs.watch(tabId, context.url.searchParams.get('key') ?? '', (view) => stream.send(view));
  if (!watched.ok) return tabRefusalResponse(watched.error);
  stream.onClose(watched.value.close);
  stream.send(watched.value.view);
  return stream.response;
};

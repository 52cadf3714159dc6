import type { APIRoute } from 'astro';
import { tabIdOf } from '../../../../domain/tab/tab';
import { readTab, TAB_KEY_HEADER } from '../../../contracts/tabs';
import { answerWith } from '../../../server/http/answer';
import { idRefused } from '../../../server/http/path-ids';
import { tabRefusalResponse } from '../../../server/http/tabs';

/** The tab as it stands, for whoever holds its key (in the header, never the URL). */
export const GET: APIRoute = async (context) => {
  const tabId = tabIdOf(context.params.id);
  if (tabId === null) return idRefused('tabId');
  const { tabs } = await context.locals.services();
  const read = await tabs.read(tabId, context.request.headers.get(TAB_KEY_HEADER) ?? '');
  if (!read.ok) return tabRefusalResponse(read.error);
  return answerWith(readTab, { tab: read.value });
};

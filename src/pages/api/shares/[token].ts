import type { APIRoute } from 'astro';
import { presentToken, shareTokenMessage } from '../../../../domain/sharing/share-packet';
import { app } from '../../../server/app';
import { json, jsonError } from '../../../server/http';
import { ShareLinks } from '../../../server/sharing/share-links';

/**
 * The verified bill behind a token, for the app to load a shared receipt into its summary step
 * (/app?data={token}): the browser cannot check the signature itself.
 */
export const GET: APIRoute = async ({ params }) => {
  const token = presentToken(params.token);
  if (token === null) return jsonError(shareTokenMessage('missing'), 400);
  const opened = (await app()).resolve(ShareLinks).open(token);
  if (!opened.ok) return jsonError(shareTokenMessage(opened.error), opened.error === 'failed' ? 503 : 404);
  const p = opened.value;
  return json(
    { diners: p.seats, items: p.items, tipPence: p.tipPence, tipSplit: p.tipSplit, dinerId: p.focusSeatId, expiresAt: new Date(p.expiresAt * 1000).toISOString() },
    200,
    { 'referrer-policy': 'no-referrer' },
  );
};

import type { APIRoute } from 'astro';
import { shareTokenMessage } from '../../../../domain/sharing/share-packet';
import { json, jsonFailure } from '../../../server/http/json';
import { openShare } from '../../../server/http/sharing';

const STATUS = { missing: 400, failed: 503, invalid: 404, expired: 404, format: 404 } as const;

/**
 * The verified bill behind a token, for the app to load a shared receipt into its summary step
 * (/app?data={token}): the browser cannot check the signature itself.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const opened = await openShare(locals, params.token, shareTokenMessage);
  if (!opened.ok) return jsonFailure(opened.problem, opened.message, STATUS[opened.problem]);
  const p = opened.packet;
  return json(
    { currency: p.currency, diners: p.seats, items: p.items, tipPence: p.tipPence, tipSplit: p.tipSplit, dinerId: p.focusSeatId, expiresAt: new Date(p.expiresAt * 1000).toISOString() },
    200,
    {
      'referrer-policy': 'no-referrer',
    },
  );
};

import type { APIRoute } from 'astro';
import { shareTokenMessage } from '../../../../domain/sharing/share-packet';
import { billOfPacket } from '../../../../domain/sharing/packet-view';
import { openSharedBill } from '../../../contracts/shares';
import { answerWith } from '../../../server/http/answer';
import { jsonFailure } from '../../../server/http/json';
import { openShare } from '../../../server/http/sharing';

const STATUS = { missing: 400, failed: 503, invalid: 404, expired: 404, format: 404 } as const;

/** The verified bill behind a token (the contract's openSharedBill): the browser cannot check the signature itself. */
export const GET: APIRoute = async ({ params, locals }) => {
  const opened = await openShare(locals, params.token, shareTokenMessage);
  if (!opened.ok) return jsonFailure(opened.problem, opened.message, STATUS[opened.problem]);
  const p = opened.packet;
  return answerWith(openSharedBill, { bill: billOfPacket(p), dinerId: p.focusSeatId, expiresAt: new Date(p.expiresAt * 1000).toISOString(), payBackRate: p.payBackRate }, 200, {
    'referrer-policy': 'no-referrer',
  });
};

import type { z } from '../src/contracts/zod';
import type { openLiveBill } from '../src/contracts/live-bills';

type LiveOpeningBody = z.input<typeof openLiveBill.request>;

/**
 * The benches' POST /api/live-bills body: one line per item, nobody assigned, a 10% tip. Typed by
 * the contract, so a change to the opening fails the type check here rather than the bench at run time.
 */
export function liveOpeningBody(items: readonly { id: string; name: string; pricePence: number }[], diners: readonly { id: string; name: string }[]): LiveOpeningBody {
  return {
    bill: {
      currency: 'GBP',
      name: null,
      diners,
      items: items.map((item) => ({ ...item, kind: 'item', assignedTo: [] })),
      tipPence: 0,
      tipSplit: 'proportional',
      tipSharers: 'allDiners',
      payerId: null,
    },
    tip: { percent: 10 },
  };
}

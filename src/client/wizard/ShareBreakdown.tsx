import { Fragment } from 'react';
import { formatGBP } from '../../../domain/money';
import type { DinerShare } from '../../../domain/split';

/**
 * What a diner's total is made of, "Items £25.00 · Discount -£1.83 · Tip £3.00", each part kept on
 * one line so a label or a minus never ends a line apart from its amount. `zeroTip`: show a tip of
 * £0.00 too (the summary, where the tip is chosen) rather than leave it out (the live bill).
 */
export function ShareBreakdown({ share, zeroTip }: { readonly share: DinerShare; readonly zeroTip: boolean }) {
  const parts = [`Items ${formatGBP(share.itemsPence)}`];
  if (share.servicePence !== 0) parts.push(`Service ${formatGBP(share.servicePence)}`);
  if (share.discountPence !== 0) parts.push(`Discount ${formatGBP(share.discountPence)}`);
  if (share.tipPence !== 0 || zeroTip) parts.push(`Tip ${formatGBP(share.tipPence)}`);
  return parts.map((part, i) => (
    <Fragment key={part}>
      {i > 0 ? ' · ' : null}
      <span className="nowrap">{part}</span>
    </Fragment>
  ));
}

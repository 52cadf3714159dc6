import { Fragment } from 'react';
import { formatMoney, type CurrencyCode } from '../../../domain/currency';
import type { DinerShare } from '../../../domain/split';

/**
 * What a diner's total is made of, "Items £25.00 · Discount -£1.83 · Tip £3.00", each part kept on
 * one line so a label or a minus never ends a line apart from its amount. `zeroTip`: show a tip of
 * £0.00 too (the summary, where the tip is chosen) rather than leave it out (the live bill).
 */
export function ShareBreakdown({ share, zeroTip, currency }: { readonly share: DinerShare; readonly zeroTip: boolean; readonly currency: CurrencyCode }) {
  const money = (amount: number) => formatMoney(amount, currency);
  const parts = [`Items ${money(share.itemsPence)}`];
  if (share.servicePence !== 0) parts.push(`Service ${money(share.servicePence)}`);
  if (share.discountPence !== 0) parts.push(`Discount ${money(share.discountPence)}`);
  if (share.tipPence !== 0 || zeroTip) parts.push(`Tip ${money(share.tipPence)}`);
  return parts.map((part, i) => (
    <Fragment key={part}>
      {i > 0 ? ' · ' : null}
      <span className="nowrap">{part}</span>
    </Fragment>
  ));
}

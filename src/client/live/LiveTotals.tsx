import type { LiveBill } from '../../../domain/live-bill/live-bill';
import { liveTotals, unclaimedUnits, unitPrices } from '../../../domain/live-bill/live-split';
import { formatGBP, sumPence } from '../../../domain/money';
import { unitsOf, type LiveViewer } from './LiveItems';

/** Running totals from the same split as the organiser's summary: a diner's own, or everyone's for the organiser. */
export function LiveTotals({ bill, viewer }: { readonly bill: LiveBill; readonly viewer: LiveViewer }) {
  const { split } = liveTotals(bill);
  const unclaimed = unclaimedUnits(bill);
  const unclaimedPence = sumPence(unclaimed.flatMap(({ item, units }) => units.map((u) => unitPrices(item)[u]!)));
  const names = new Map(bill.diners.map((d) => [d.id, d.name]));
  const shares = viewer.kind === 'organiser' ? split.shares : split.shares.filter((s) => s.dinerId === viewer.dinerId);
  return (
    <section className="wz-card lv-totals" aria-labelledby="live-totals-title">
      <h2 id="live-totals-title">{viewer.kind === 'organiser' ? 'Running totals' : 'Your total'}</h2>
      <dl className="wz-grand">
        {shares.map((s) => (
          <div key={s.dinerId} className="lv-total-row">
            <dt>{viewer.kind === 'organiser' ? names.get(s.dinerId) : 'You pay'}</dt>
            <dd className="wz-grand-total" data-testid={`live-total-${s.dinerId}`}>
              {formatGBP(s.totalPence)}
            </dd>
            <dd className="wz-note lv-breakdown">
              Items {formatGBP(s.itemsPence)}
              {s.servicePence !== 0 ? ` · Service ${formatGBP(s.servicePence)}` : ''}
              {s.discountPence !== 0 ? ` · Discount ${formatGBP(s.discountPence)}` : ''}
              {s.tipPence !== 0 ? ` · Tip ${formatGBP(s.tipPence)}` : ''}
            </dd>
          </div>
        ))}
      </dl>
      {unclaimed.length === 0 ? (
        <p className="wz-panel wz-ok">Everything is claimed.</p>
      ) : (
        <div className="wz-panel wz-warning" role="status">
          <p>
            <strong>Still unclaimed: {formatGBP(unclaimedPence)}</strong>
          </p>
          <p className="lv-unclaimed">
            {unclaimed
              .flatMap(({ item, units }) => (item.units === 1 ? [item.name] : units.map((u) => unitsOf(item)[u]!.label)))
              .join(', ')}
          </p>
        </div>
      )}
    </section>
  );
}

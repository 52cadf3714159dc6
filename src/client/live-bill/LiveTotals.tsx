import type { LiveBill } from '../../../domain/live-bill/live-bill';
import { liveTotals, unclaimedPence, unclaimedUnits } from '../../../domain/live-bill/live-split';
import { minorUnits } from '../../../domain/money';
import { inBothCurrencies, rateText } from '../../../domain/paying-back/pay-back-rate';
import { ShareBreakdown } from '../bill/ShareBreakdown';
import { unitsOf, type LiveViewer } from './LiveItems';

/** Running totals from the same split as the organiser's summary: a diner's own, or everyone's for the organiser. */
export function LiveTotals({ bill, viewer }: { readonly bill: LiveBill; readonly viewer: LiveViewer }) {
  // Paid back in pounds at the organiser's rate: each total in both currencies, the shares adding up to the converted total (the domain's).
  const { split, converted } = liveTotals(bill);
  const unclaimed = unclaimedUnits(bill);
  const names = new Map(bill.diners.map((d) => [d.id, d.name]));
  const payBack = bill.payBack ?? null;
  const money = (amount: number, dinerId?: string) => inBothCurrencies(minorUnits(amount), bill.currency, payBack, dinerId === undefined ? undefined : converted?.totals.get(dinerId));
  const shares = viewer.kind === 'organiser' ? split.shares : split.shares.filter((s) => s.dinerId === viewer.dinerId);
  return (
    <section className="card lv-totals" aria-labelledby="live-totals-title">
      <h2 id="live-totals-title">{viewer.kind === 'organiser' ? 'Running totals' : 'Your total'}</h2>
      <ul className="wz-totals">
        {shares.map((s) => {
          const who = viewer.kind === 'organiser' ? (names.get(s.dinerId) ?? '') : 'You';
          return (
            <li key={s.dinerId} className="lv-total-row" aria-label={`${who} ${viewer.kind === 'organiser' ? 'pays' : 'pay'} ${money(s.totalPence, s.dinerId)}`}>
              <span>{viewer.kind === 'organiser' ? who : 'You pay'}</span>
              <strong className="wz-grand-total">{money(s.totalPence, s.dinerId)}</strong>
              <span className="wz-note lv-breakdown">
                <ShareBreakdown share={s} zeroTip={false} currency={bill.currency} />
              </span>
            </li>
          );
        })}
      </ul>
      {payBack !== null ? <p className="wz-note">{`Paid back in ${payBack.currency} at ${rateText(bill.currency, payBack)}`}</p> : null}
      {unclaimed.length === 0 ? (
        <p className="wz-panel wz-ok">Everything is claimed.</p>
      ) : (
        <div className="wz-panel wz-warning" role="status">
          <p>
            <strong>Still unclaimed: {money(unclaimedPence(bill))}</strong>
          </p>
          <p className="lv-unclaimed">{unclaimed.flatMap(({ item, units }) => (item.units === 1 ? [item.name] : units.map((u) => unitsOf(item)[u]!.label))).join(', ')}</p>
        </div>
      )}
    </section>
  );
}

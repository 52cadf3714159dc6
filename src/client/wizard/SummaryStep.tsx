import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatGBP, sumPence } from '../../../domain/money';
import { TIP_SPLIT_LABELS, TIP_SPLITS, type DinerShare } from '../../../domain/split';
import { TIP_QUICK_PERCENTS } from '../../../domain/tip';
import { Avatar } from './AssignStep';
import { $bill, $receipt, $split, goToStep, setTip, setTipSplit } from './bill-store';
import { QrDialog, ShareDialog } from '../sharing';

export function SummaryStep({ onSplitAnother }: { readonly onSplitAnother: () => void }) {
  const bill = useStore($bill);
  const split = useStore($split);
  const receipt = useStore($receipt);
  // VAT lines are informational (already inside UK prices), so they never travel in a share.
  const shareable = receipt ? { diners: receipt.diners, items: receipt.items.filter((i) => i.kind !== 'vat'), tipPence: receipt.tipPence, tipSplit: receipt.tipSplit } : null;
  const [dialog, setDialog] = useState<'share' | 'qr' | null>(null);
  const names = new Map(bill.diners.map((d) => [d.id, d.name]));
  const unassigned = new Set(split.unassignedItemIds);
  return (
    <>
      <section className="wz-card" aria-labelledby="items-summary-title">
        <div className="wz-title-row">
          <button type="button" className="wz-btn wz-quiet" onClick={() => goToStep('assign')}>
            ← Back
          </button>
          <h2 id="items-summary-title">Items Summary</h2>
        </div>
        <ul className="wz-summary-items">
          {bill.items.map((item) => (
            <li key={item.id}>
              <div className="wz-assign-head">
                <span>{item.name}</span>
                <span>{formatGBP(item.pricePence)}</span>
              </div>
              <p className="wz-note">
                {item.kind === 'vat' ? (
                  'VAT, already included in the prices'
                ) : unassigned.has(item.id) ? (
                  <span className="wz-flag">Not assigned</span>
                ) : item.assignedTo.length > 0 ? (
                  item.assignedTo.map((id) => names.get(id) ?? '').join(', ')
                ) : item.kind === 'service' ? (
                  'Split between the diners who had items'
                ) : (
                  'Shared by the whole table'
                )}
              </p>
            </li>
          ))}
        </ul>
        {unassigned.size > 0 ? <p className="wz-panel wz-warning">{unassigned.size} items are not assigned to any diner</p> : null}
      </section>
      <TipCard />
      <section className="wz-card" aria-labelledby="totals-title">
        <h2 id="totals-title">Individual Totals</h2>
        <ul className="wz-totals">
          {split.shares.map((share) => {
            const diner = bill.diners.find((d) => d.id === share.dinerId);
            if (!diner) return null;
            return (
              <li key={share.dinerId} className="wz-total-row" aria-label={`${diner.name} pays ${formatGBP(share.totalPence)}`}>
                <Avatar diner={diner} />
                <div>
                  <div className="wz-assign-head">
                    <strong>{diner.name}</strong>
                    <strong>{formatGBP(share.totalPence)}</strong>
                  </div>
                  <p className="wz-note">{breakdown(share)}</p>
                  {share.roundingPence > 0 ? <p className="wz-note">pays {share.roundingPence}p more so the pennies add up</p> : null}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="wz-card" aria-labelledby="grand-title">
        <h2 id="grand-title">Grand Total</h2>
        <dl className="wz-grand">
          <dt>Subtotal</dt>
          <dd>{formatGBP(split.subtotalPence)}</dd>
          <dt>Tip</dt>
          <dd>{formatGBP(split.tipPence)}</dd>
          <dt className="wz-grand-total">Grand Total</dt>
          <dd className="wz-grand-total">{formatGBP(split.totalPence)}</dd>
        </dl>
        {split.unassignedPence !== 0 ? <p className="wz-note">{formatGBP(split.unassignedPence)} of items are not assigned to anyone yet.</p> : null}
      </section>
      <div className="wz-actions wz-actions-grid">
        <button type="button" className="wz-btn wz-primary" onClick={() => setDialog('share')}>
          Share Bill
        </button>
        <button type="button" className="wz-btn" onClick={() => setDialog('qr')}>
          QR Code
        </button>
        <button type="button" className="wz-btn" onClick={onSplitAnother}>
          Split Another Bill
        </button>
      </div>
      {shareable ? (
        <>
          <ShareDialog open={dialog === 'share'} onClose={() => setDialog(null)} bill={shareable} />
          <QrDialog open={dialog === 'qr'} onClose={() => setDialog(null)} bill={shareable} />
        </>
      ) : null}
    </>
  );
}

function TipCard() {
  const { tip, items } = useStore($bill);
  const split = useStore($split);
  const service = sumPence(items.filter((i) => i.kind === 'service').map((i) => i.pricePence));
  const amountMode = tip.mode === 'amount';
  return (
    <section className="wz-card" aria-labelledby="tip-title">
      <h2 id="tip-title">Tip</h2>
      {service > 0 ? (
        <div className="wz-panel wz-info" role="note">
          <p>This bill already includes a service charge of {formatGBP(service)}.</p>
          <button type="button" className="wz-btn" aria-pressed={tip.mode === 'percent' && tip.percent === 0} onClick={() => setTip({ mode: 'percent', percent: 0 })}>
            No extra tip
          </button>
        </div>
      ) : null}
      <div className="wz-segmented" role="group" aria-label="Tip mode">
        <button type="button" aria-pressed={!amountMode} onClick={() => setTip({ mode: 'percent' })}>
          Percentage
        </button>
        <button type="button" aria-pressed={amountMode} onClick={() => setTip({ mode: 'amount', amountText: tip.amountText || (split.tipPence / 100).toFixed(2) })}>
          Amount
        </button>
      </div>
      {amountMode ? (
        <label className="wz-field">
          <span>Tip amount (£)</span>
          <input className="wz-input" type="number" min="0" step="0.01" inputMode="decimal" value={tip.amountText} onChange={(e) => setTip({ amountText: e.currentTarget.value })} />
        </label>
      ) : (
        <label className="wz-field">
          <span>Tip percentage (%)</span>
          <input
            className="wz-input"
            type="number"
            min="0"
            max="100"
            step="0.1"
            inputMode="decimal"
            value={String(tip.percent)}
            onChange={(e) => setTip({ percent: Number(e.currentTarget.value) || 0 })}
          />
        </label>
      )}
      <div className="wz-quick" role="group" aria-label="Quick tip percentages">
        {TIP_QUICK_PERCENTS.map((p) => (
          <button key={p} type="button" className="wz-btn" disabled={amountMode} aria-pressed={!amountMode && tip.percent === p} onClick={() => setTip({ mode: 'percent', percent: p })}>
            {p}%
          </button>
        ))}
      </div>
      <p className="wz-tip-figure">Tip: {formatGBP(split.tipPence)}</p>
      <TipSplitChoice />
    </section>
  );
}

/** Equal shares by default; native radios give the group its role and arrow-key movement. Moot without a tip. */
function TipSplitChoice() {
  const { tipSplit } = useStore($bill);
  const { tipPence } = useStore($split);
  return (
    <fieldset className="wz-choice" role="radiogroup" disabled={tipPence === 0}>
      <legend>Split the tip</legend>
      <div className="wz-choice-options">
        {TIP_SPLITS.map((option) => (
          <label key={option}>
            <input type="radio" name="tip-split" value={option} checked={tipSplit === option} onChange={() => setTipSplit(option)} />
            <span>{TIP_SPLIT_LABELS[option]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function breakdown(share: DinerShare): string {
  const parts = [`Items ${formatGBP(share.itemsPence)}`];
  if (share.servicePence !== 0) parts.push(`Service ${formatGBP(share.servicePence)}`);
  if (share.discountPence !== 0) parts.push(`Discount ${formatGBP(share.discountPence)}`);
  parts.push(`Tip ${formatGBP(share.tipPence)}`);
  return parts.join(' · ');
}

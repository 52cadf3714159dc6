import { useStore } from '../use-store';
import { useMemo, useState } from 'react';
import { formatGBP } from '../../../domain/money';
import { portionLabel, unitsGiven } from '../../../domain/portions';
import type { BillItem } from '../../../domain/receipt';
import { Avatar } from './AssignStep';
import { $bill } from './bill-state';
import { $receipt, $split, billSnapshot, goToStep } from './bill-store';
import { ItemHead } from './ItemEditor';
import { ShareBreakdown } from './ShareBreakdown';
import { TipCard } from './TipCard';
import { billLabel } from '../../../domain/paying-back/messages';
import { DinerPayActions, PayBackCard } from '../paying-back/PayBackCard';
import { PayeeDialog } from '../paying-back/PayeeDialog';
import { usePayBack } from '../paying-back/use-pay-back';
import { shareableBill } from '../../../domain/sharing/share-text';
import { OnDemand, PendingOverlay } from '../on-demand';
import { qrDialog, shareDialog } from './inner-parts';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

export function SummaryStep({ onSplitAnother }: { readonly onSplitAnother: () => void }) {
  const bill = useStore($bill);
  const split = useStore($split);
  const receipt = useStore($receipt);
  // VAT lines never travel in a share and a line split by units or shares travels as its parts (shareableBill).
  // The same object while the bill is unchanged, so a pending edit of the stored bill keeps its wait.
  const toStore = useMemo(() => {
    const shared = receipt ? shareableBill(receipt) : null;
    return (
      shared && {
        bill: shared,
        snapshot: billSnapshot(bill),
        // Named by the lines as the organiser sees them, not their parts ("COPERTO (1 of 2)").
        label: billLabel(
          null,
          bill.items.filter((i) => i.kind !== 'vat').map((i) => i.name),
        ),
        totalPence: split.totalPence,
        totals: new Map(split.shares.map((s) => [s.dinerId, s.totalPence as number])),
      }
    );
  }, [receipt, bill, split]);
  const shareable = toStore?.bill ?? null;
  const payBack = usePayBack(toStore, bill.storedReceiptId, bill.handOut);
  const [dialog, setDialog] = useState<'share' | 'qr' | null>(null);
  const names = new Map(bill.diners.map((d) => [d.id, d.name]));
  const unassigned = new Set(split.unassignedItemIds);
  return (
    <>
      <Card aria-labelledby="items-summary-title">
        <div className="wz-title-row">
          <Button variant="ghost" onClick={() => goToStep('assign')}>
            ← Back
          </Button>
          <h2 id="items-summary-title">Items Summary</h2>
        </div>
        <ul className="wz-summary-items">
          {bill.items.map((item) => (
            <li key={item.id}>
              <ItemHead item={item} />
              <p className="wz-note">
                {item.kind === 'vat' ? (
                  'VAT, already included in the prices'
                ) : unassigned.has(item.id) && item.assignedTo.length === 0 ? (
                  <span className="wz-flag">Not assigned</span>
                ) : item.assignedTo.length > 0 ? (
                  whoHad(item, names)
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
      </Card>
      <TipCard />
      <Card aria-labelledby="totals-title">
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
                  <p className="wz-note">
                    <ShareBreakdown share={share} zeroTip />
                  </p>
                  {share.roundingPence > 0 ? <p className="wz-note">pays {share.roundingPence}p more so the pennies add up</p> : null}
                  <DinerPayActions payBack={payBack} dinerId={diner.id} name={diner.name} />
                </div>
              </li>
            );
          })}
        </ul>
      </Card>
      <PayBackCard payBack={payBack} />
      <Card aria-labelledby="grand-title">
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
      </Card>
      <div className="wz-actions wz-actions-grid">
        <Button variant="primary" onClick={() => setDialog('share')}>
          Share Bill
        </Button>
        <Button onClick={() => setDialog('qr')}>QR Code</Button>
        <Button onClick={onSplitAnother}>Split Another Bill</Button>
      </div>
      {shareable && dialog !== null ? (
        <OnDemand key={dialog} part={dialog === 'share' ? shareDialog : qrDialog} props={{ open: true, onClose: () => setDialog(null), bill: shareable }} pending={<PendingOverlay />} />
      ) : null}
      {payBack.payeeDialog.open ? <PayeeDialog open payee={payBack.payee} refused={payBack.payeeDialog.refused} onSave={payBack.savePayee} onClose={payBack.closePayee} /> : null}
    </>
  );
}

function whoHad(item: BillItem, names: ReadonlyMap<string, string>) {
  const portions = item.portions;
  if (portions === undefined) return item.assignedTo.map((id) => names.get(id) ?? '').join(', ');
  const who = item.assignedTo.map((id) => `${names.get(id) ?? ''} (${portionLabel(portions, portions.counts[id] ?? 0)})`).join(', ');
  const left = portions.by === 'units' ? portions.quantity - unitsGiven(portions) : 0;
  return left > 0 ? (
    <>
      {who} · <span className="wz-flag">{portionLabel(portions, left)} not assigned</span>
    </>
  ) : (
    who
  );
}

import { useStore } from '../use-store';
import { useMemo, useState, type ReactNode } from 'react';
import { formatMoney, GBP } from '../../../domain/currency';
import { inBoth, inBothCurrencies } from '../../../domain/paying-back/pay-back-rate';
import { portionLabel, unitsGiven } from '../../../domain/portions';
import type { BillItem } from '../../../domain/receipt';
import { Avatar } from './AssignStep';
import { $bill } from '../bill/bill-state';
import { $billModel, $billView, assignItemNow, billSnapshot, goToStep, newExportStamp, splitAmongEveryone } from '../bill/bill-store';
import { roundingNote, type AddsUpView } from '../../../domain/adds-up';
import { BillNameField } from './BillNameField';
import { ItemHead } from './ItemEditor';
import { ShareBreakdown } from '../bill/ShareBreakdown';
import { useMoney } from './use-money';
import { TipCard } from './TipCard';
import { LiveSeatAsks } from '../live-bill/OrganiserLivePanel';
import { PayBackRateCard } from './PayBackRateCard';
import { billLabel } from '../../../domain/paying-back/messages';
import { DinerPayActions, PayBackCard } from '../paying-back/PayBackCard';
import { PayeeDialog } from '../paying-back/PayeeDialog';
import { usePayBack } from '../paying-back/use-pay-back';
import { OnDemand, PendingOverlay } from '../on-demand';
import { addToTabDialog, qrDialog, shareDialog } from './inner-parts';
import { ExportButtons } from '../sharing/ExportButtons';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

export function SummaryStep({ onSplitAnother }: { readonly onSplitAnother: () => void }) {
  const bill = useStore($bill);
  const model = useStore($billModel);
  // Every amount below comes from the one bill view: nothing here adds, subtracts or converts money.
  const view = useStore($billView);
  const check = view.addsUp;
  const money = (amount: number) => formatMoney(amount, view.currency);
  // Paid back in another currency at the organiser's rate: everyone's share in both, adding up in each.
  const converted = view.converted;
  const both = (amount: number, convertedAmount: number | undefined) =>
    converted === null || convertedAmount === undefined ? money(amount) : inBoth(money(amount), formatMoney(convertedAmount, converted.currency));
  const payerId = model.payerId;
  // A bill kept from before bills had export stamps gets one for as long as the Summary is open.
  const exportStamp = useMemo(() => bill.exportStamp ?? newExportStamp(), [bill.exportStamp]);
  // Nothing is stored, sent or shared while the shares do not add up to the Grand Total.
  const toStore = useMemo(() => {
    if (!check.addsUp) return null;
    // The bill's name (the receipt's restaurant and date, or as typed); the lines' names only for a bill kept before bills had names.
    const name = billLabel(
      model.name,
      model.items.filter((i) => i.kind !== 'vat').map((i) => i.name),
    );
    // The whole-bill page heads with the name and shows the payer as owed.
    // Its links carry the rate, so every page shows the amounts in pounds too.
    const payBackRateText = converted?.rate ?? null;
    return { bill: { ...model, name }, split: view.split, snapshot: billSnapshot(bill), diningDate: bill.receiptDate, payBackRate: payBackRateText };
  }, [bill, model, check.addsUp, converted, view.split]);
  const shareable = toStore?.bill ?? null;
  const payBack = usePayBack(toStore, bill.storedReceiptId, bill.handOut);
  const [dialog, setDialog] = useState<'share' | 'qr' | 'tab' | null>(null);
  const names = new Map(bill.diners.map((d) => [d.id, d.name]));
  const unassigned = new Set(view.split.unassignedItemIds);
  return (
    <>
      {/* A live bill's diner back on another phone after Finish asks for their seat here; nothing shows otherwise. */}
      {bill.handOut !== null ? <LiveSeatAsks link={bill.handOut} /> : null}
      <Card aria-labelledby="items-summary-title">
        <div className="wz-title-row wz-title-inline">
          <Button variant="ghost" onClick={() => goToStep('assign')}>
            ← Back
          </Button>
          <h2 id="items-summary-title">Items Summary</h2>
        </div>
        <ItemsFold count={bill.items.length} total={money(view.subtotalPence)}>
          {/* Here too, so a bill typed in by hand (it never sees Review) can be named before it goes out. */}
          <BillNameField />
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
        </ItemsFold>
        <NotAddingUp check={check} />
      </Card>
      <TipCard />
      <Card aria-labelledby="totals-title">
        <h2 id="totals-title">Individual Totals</h2>
        <ul className="wz-totals">
          {view.seats.map((seat) => {
            const diner = bill.diners.find((d) => d.id === seat.id);
            if (!diner) return null;
            const share = seat.share;
            const total = both(seat.totalPence, converted?.totals.get(seat.id));
            return (
              <li key={seat.id} className="wz-total-row" aria-label={`${diner.name} pays ${total}`}>
                <Avatar diner={diner} />
                <div>
                  <div className="wz-assign-head">
                    <strong>{diner.name}</strong>
                    <strong>{total}</strong>
                  </div>
                  <p className="wz-note">
                    <ShareBreakdown share={share} zeroTip currency={view.currency} />
                  </p>
                  {roundingNote(share, view.currency) !== null ? <p className="wz-note">{roundingNote(share, view.currency)}</p> : null}
                  {view.payer?.seatId === diner.id ? (
                    <p className="pb-status" data-paid="payer">
                      Paid the bill · owed {inBothCurrencies(view.payer.owedPence, view.currency, converted, converted?.payerOwed)}
                    </p>
                  ) : (
                    <DinerPayActions payBack={payBack} dinerId={diner.id} name={diner.name} payIn={converted?.currency ?? view.currency} held={!check.addsUp} />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </Card>
      {/* Beside getting paid back, which it is about, so a bill in another currency has its Individual Totals on the first screen too. */}
      {bill.currency !== GBP ? <PayBackRateCard currency={bill.currency} rate={bill.payBackRate} /> : null}
      <PayBackCard payBack={payBack} held={!check.addsUp} diners={bill.diners} payerId={payerId} />
      <Card aria-labelledby="grand-title">
        <h2 id="grand-title">Grand Total</h2>
        <dl className="wz-grand">
          <dt>Subtotal</dt>
          <dd>{money(view.subtotalPence)}</dd>
          <dt>Tip</dt>
          <dd>{money(view.tipPence)}</dd>
          <dt className="wz-grand-total">Grand Total</dt>
          <dd className="wz-grand-total">{both(view.totalPence, converted?.total)}</dd>
        </dl>
        {view.split.unassignedPence !== 0 ? <p className="wz-note">{money(view.split.unassignedPence)} of items are not assigned to anyone yet.</p> : null}
      </Card>
      {!check.addsUp ? (
        <p className="wz-note wz-held" id="held-note">
          Share Bill, QR Code and Send wait until everyone's shares add up to the Grand Total.
        </p>
      ) : null}
      <div className="wz-actions wz-actions-grid">
        <Button variant="primary" disabled={!check.addsUp} aria-describedby={check.addsUp ? undefined : 'held-note'} onClick={() => setDialog('share')}>
          Share Bill
        </Button>
        <Button disabled={!check.addsUp} aria-describedby={check.addsUp ? undefined : 'held-note'} onClick={() => setDialog('qr')}>
          QR Code
        </Button>
        <Button disabled={!check.addsUp} aria-describedby={check.addsUp ? undefined : 'held-note'} onClick={() => setDialog('tab')}>
          Add to tab
        </Button>
        <Button onClick={onSplitAnother}>Split Another Bill</Button>
      </div>
      {check.addsUp ? <ExportButtons bill={model} stamp={exportStamp} /> : null}
      {check.addsUp && dialog === 'tab' ? (
        <OnDemand part={addToTabDialog} props={{ open: true, onClose: () => setDialog(null), bill: model, total: view.totalPence, payerId }} pending={<PendingOverlay />} />
      ) : null}
      {shareable && (dialog === 'share' || dialog === 'qr') ? (
        <OnDemand
          key={dialog}
          part={dialog === 'share' ? shareDialog : qrDialog}
          props={{ open: true, onClose: () => setDialog(null), bill: shareable, payBackRate: toStore?.payBackRate ?? null }}
          pending={<PendingOverlay />}
        />
      ) : null}
      {payBack.payeeDialog.open ? <PayeeDialog open payee={payBack.payee} refused={payBack.payeeDialog.refused} onSave={payBack.savePayee} onClose={payBack.closePayee} /> : null}
    </>
  );
}

/** More lines than this and the Items Summary starts folded, so Individual Totals are on the first screen. */
const FOLD_OVER = 5;

/**
 * A long Items Summary starts folded to its count and total (one tap opens it); a short one is
 * shown whole. What does not add up is said outside the fold, so nothing is out of sight.
 */
function ItemsFold({ count, total, children }: { readonly count: number; readonly total: string; readonly children: ReactNode }) {
  if (count <= FOLD_OVER) return <>{children}</>;
  return (
    <details className="wz-fold">
      <summary>
        {count} items · {total}
        <span className="wz-note"> Show each item and the bill’s name</span>
      </summary>
      {children}
    </details>
  );
}

/** What is assigned to nobody and how much, with the two one-tap fixes beside each line. */
function NotAddingUp({ check }: { readonly check: AddsUpView }) {
  const money = useMoney();
  if (check.addsUp) return null;
  return (
    <div className="wz-panel wz-warning wz-unassigned" role="status">
      <p>
        <strong>{check.message}</strong>
      </p>
      <p>{check.detail}</p>
      <ul>
        {check.lines.map((line) => (
          <li key={line.itemId}>
            <p>
              {line.name} · <strong className="nowrap">{money(line.pence)}</strong>
              {line.whole ? null : ' not assigned'}
            </p>
            <div className="wz-unassigned-fixes">
              <Button onClick={() => assignItemNow(line.itemId)} aria-label={`Assign it: ${line.name}`}>
                Assign it
              </Button>
              {line.whole ? (
                <Button onClick={() => splitAmongEveryone(line.itemId)} aria-label={`Split among everyone: ${line.name}`}>
                  Split among everyone
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
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

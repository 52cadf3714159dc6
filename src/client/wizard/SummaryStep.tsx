import { useStore } from '../use-store';
import { useMemo, useState, type ReactNode } from 'react';
import { formatMoney, GBP, type CurrencyCode } from '../../../domain/currency';
import { convertedTotals, inBothCurrencies, payBackRate } from '../../../domain/paying-back/pay-back-rate';
import { pence } from '../../../domain/money';
import { portionLabel, unitsGiven } from '../../../domain/portions';
import type { BillItem } from '../../../domain/receipt';
import { Avatar } from './AssignStep';
import { $bill } from './bill-state';
import { $receipt, $split, assignItemNow, billNameOf, billOfState, billSnapshot, goToStep, splitAmongEveryone } from './bill-store';
import { addsUpView, roundingNote, type AddsUpView } from '../../../domain/adds-up';
import { BillNameField } from './BillNameField';
import { ItemHead } from './ItemEditor';
import { ShareBreakdown } from './ShareBreakdown';
import { useMoney } from './use-money';
import { TipCard } from './TipCard';
import { LiveSeatAsks } from '../live/OrganiserLivePanel';
import { PayBackRateCard } from './PayBackRateCard';
import { billLabel, dinerItemNames } from '../../../domain/paying-back/messages';
import { payerDinerId } from '../../../domain/paying-back/payee';
import { $payee } from '../paying-back/payee-store';
import { DinerPayActions, PayBackCard } from '../paying-back/PayBackCard';
import { PayeeDialog } from '../paying-back/PayeeDialog';
import { usePayBack } from '../paying-back/use-pay-back';
import { shareableBill } from '../../../domain/sharing/share-text';
import { OnDemand, PendingOverlay } from '../on-demand';
import { addToTabDialog, qrDialog, shareDialog } from './inner-parts';
import { ExportButtons } from '../sharing/ExportButtons';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

export function SummaryStep({ onSplitAnother }: { readonly onSplitAnother: () => void }) {
  const bill = useStore($bill);
  const split = useStore($split);
  const receipt = useStore($receipt);
  // VAT lines never travel in a share and a line split by units or shares travels as its parts (shareableBill).
  // The same object while the bill is unchanged, so a pending edit of the stored bill keeps its wait.
  const check = useMemo(() => addsUpView(bill.items, split, bill.currency), [bill.items, split, bill.currency]);
  const money = (amount: number) => formatMoney(amount, bill.currency);
  // Paid back in pounds at the organiser's rate: everyone's share in both currencies, adding up in each.
  const rate = payBackRate(bill.currency, bill.payBackRate);
  const rateUsed = rate.ok ? rate.value : null;
  const converted = convertedTotals(
    bill.currency,
    split.shares.map((s) => s.totalPence),
    rateUsed,
  );
  const both = (amount: number, convertedAmount: number | undefined) =>
    converted === null || convertedAmount === undefined ? money(amount) : `${money(amount)} · ${formatMoney(convertedAmount, converted.currency)}`;
  const payee = useStore($payee);
  const payerId = payerDinerId(bill.payer, bill.diners, payee?.name ?? null);
  // Nothing is stored, sent or shared while the shares do not add up to the Grand Total.
  const toStore = useMemo(() => {
    // The bill's name (the receipt's restaurant and date, or as typed); the lines' names only for a bill kept before bills had names.
    const name = billLabel(
      billNameOf(bill),
      bill.items.filter((i) => i.kind !== 'vat').map((i) => i.name),
    );
    // The whole-bill page heads with the name and shows the payer as owed.
    // Its links carry the rate, so every page shows the amounts in pounds too.
    const payBackRateText = typedRate(bill.currency, bill.payBackRate);
    const shared = receipt && check.addsUp ? { ...shareableBill({ ...receipt, currency: bill.currency }), name, payerId, payBackRate: payBackRateText } : null;
    return (
      shared && {
        bill: shared,
        snapshot: billSnapshot(bill),
        label: name,
        diningDate: bill.receiptDate,
        totalPence: split.totalPence,
        totals: new Map(split.shares.map((s) => [s.dinerId, s.totalPence as number])),
        items: new Map(split.shares.map((s) => [s.dinerId, dinerItemNames(bill.items, s.lines)])),
        payerId,
        payBackRate: payBackRateText,
      }
    );
  }, [receipt, bill, split, check.addsUp, payerId]);
  const owedToPayer = payerId === null ? null : split.totalPence - (split.shares.find((s) => s.dinerId === payerId)?.totalPence ?? 0);
  const shareable = toStore?.bill ?? null;
  const payBack = usePayBack(toStore, bill.storedReceiptId, bill.handOut);
  const [dialog, setDialog] = useState<'share' | 'qr' | 'tab' | null>(null);
  const names = new Map(bill.diners.map((d) => [d.id, d.name]));
  const unassigned = new Set(split.unassignedItemIds);
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
        <ItemsFold count={bill.items.length} total={money(split.subtotalPence)}>
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
          {split.shares.map((share, k) => {
            const diner = bill.diners.find((d) => d.id === share.dinerId);
            if (!diner) return null;
            return (
              <li key={share.dinerId} className="wz-total-row" aria-label={`${diner.name} pays ${both(share.totalPence, converted?.shares[k])}`}>
                <Avatar diner={diner} />
                <div>
                  <div className="wz-assign-head">
                    <strong>{diner.name}</strong>
                    <strong>{both(share.totalPence, converted?.shares[k])}</strong>
                  </div>
                  <p className="wz-note">
                    <ShareBreakdown share={share} zeroTip currency={bill.currency} />
                  </p>
                  {roundingNote(share, bill.currency) !== null ? <p className="wz-note">{roundingNote(share, bill.currency)}</p> : null}
                  {diner.id === payerId ? (
                    <p className="pb-status" data-paid="payer">
                      Paid the bill · owed {inBothCurrencies(pence(owedToPayer ?? 0), bill.currency, rateUsed)}
                    </p>
                  ) : (
                    <DinerPayActions payBack={payBack} dinerId={diner.id} name={diner.name} payIn={rateUsed?.currency ?? bill.currency} held={!check.addsUp} />
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
          <dd>{money(split.subtotalPence)}</dd>
          <dt>Tip</dt>
          <dd>{money(split.tipPence)}</dd>
          <dt className="wz-grand-total">Grand Total</dt>
          <dd className="wz-grand-total">{both(split.totalPence, converted?.total)}</dd>
        </dl>
        {split.unassignedPence !== 0 ? <p className="wz-note">{money(split.unassignedPence)} of items are not assigned to anyone yet.</p> : null}
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
      {receipt && check.addsUp ? <ExportButtons receipt={receipt} /> : null}
      {check.addsUp && dialog === 'tab' ? (
        <OnDemand part={addToTabDialog} props={{ open: true, onClose: () => setDialog(null), bill: billOfState(bill), total: split.totalPence, payerId }} pending={<PendingOverlay />} />
      ) : null}
      {shareable && (dialog === 'share' || dialog === 'qr') ? (
        <OnDemand key={dialog} part={dialog === 'share' ? shareDialog : qrDialog} props={{ open: true, onClose: () => setDialog(null), bill: shareable }} pending={<PendingOverlay />} />
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

/** The rate the organiser typed, as the stored bill keeps it; null when none, or while it is not a rate. */
function typedRate(currency: CurrencyCode, typed: string | null): string | null {
  const rate = payBackRate(currency, typed);
  return rate.ok ? (rate.value?.rate ?? null) : null;
}

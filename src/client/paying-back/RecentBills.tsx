import { useStore } from '../use-store';
import { useEffect, useState } from 'react';
import { everyoneText } from '../../../domain/paying-back/messages';
import { formatMoney } from '../../../domain/currency';
import { minorUnits } from '../../../domain/money';
import { $bill } from '../bill/bill-state';
import { openRecentBill } from '../bill/bill-store';
import { Dialog } from '../ui/Dialog';
import { toast } from '../ui/toasts';
import { ToastSlot } from '../ui/Toasts';
import { browserShareEnvironment, shareNatively } from '../sharing/native-share';
import { readPayments } from '../../contracts/paying-back';
import { callEndpoint } from '../call-endpoint';
import { $payee } from '../bill/payee-store';
import { $recentBills, forgetRecentBill, recentCurrency, recentPayBack, updatePaid, type RecentBill } from './recent-bills';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

// Made on first use: most visits have no recent bill to date.
let dateFormat: Intl.DateTimeFormat | null = null;
const shortDate = (date: Date): string => (dateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })).format(date);

/** Bills shared from this device, on the scan step: open, share again or delete. */
export function RecentBills() {
  const bills = useStore($recentBills);
  const payee = useStore($payee);
  const [deleting, setDeleting] = useState<RecentBill | null>(null);
  const { review } = useStore($bill);

  // Who has paid since last time; a bill that has expired or gone just keeps what it knew.
  useEffect(() => {
    for (const bill of $recentBills.get().slice(0, 10)) void callEndpoint(readPayments, [bill.receiptId, bill.organiserSecret]).then((status) => status.ok && updatePaid(bill.receiptId, status.value));
  }, []);

  if (bills.length === 0 || review !== null) return null;
  const shareAgain = async (bill: RecentBill) => {
    // The group chat gets the whole-bill link and everyone's amount, never anyone's own link; the payer owes nothing.
    const at = `recent:${bill.receiptId}`;
    if (bill.wholeBillUrl === undefined) return toast('Open this bill and share it again from its summary', 'info', at);
    const text = everyoneText({
      payeeName: payee?.name ?? 'me',
      billLabel: bill.label,
      currency: recentCurrency(bill),
      diners: bill.diners.filter((d) => d.id !== bill.payerId).map((d) => ({ name: d.name, amount: minorUnits(d.totalPence) })),
      wholeBillUrl: bill.wholeBillUrl,
      payBack: recentPayBack(bill),
    });
    const outcome = await shareNatively({ title: bill.label, text, url: '' }, browserShareEnvironment());
    if (outcome === 'copied') toast('Bill copied: paste it into the group chat', 'success', at);
  };
  return (
    <Card aria-labelledby="recent-title">
      <h2 id="recent-title">Recent bills</h2>
      <p className="wz-note">Bills you shared from this device. Open one to see who has paid.</p>
      <ul className="pb-recent">
        {bills.map((bill) => {
          return (
            <li key={bill.receiptId} aria-label={bill.label}>
              <h3>{bill.label}</h3>
              <p className="wz-note">
                {shortDate(new Date(bill.sharedAt))} · {formatMoney(bill.totalPence, recentCurrency(bill))}
                {bill.status === undefined ? null : ` · ${bill.status.summary}`}
              </p>
              <div className="wz-actions">
                <Button variant="primary" onClick={() => openRecentBill(bill.snapshot, bill.receiptId)}>
                  Open
                </Button>
                <Button onClick={() => void shareAgain(bill)}>Share again</Button>
                <Button variant="ghost" onClick={() => setDeleting(bill)}>
                  Delete
                </Button>
              </div>
              <ToastSlot at={`recent:${bill.receiptId}`} />
            </li>
          );
        })}
      </ul>
      {deleting !== null ? (
        <Dialog open title="Delete from this device?" onClose={() => setDeleting(null)}>
          <p>
            {deleting.label} will no longer be listed here and you will not see who has paid. Links already sent keep working until {shortDate(new Date(deleting.expiresAt))}.
          </p>
          <div className="wz-actions wz-end">
            <Button onClick={() => setDeleting(null)}>Keep</Button>
            <Button
              variant="primary"
              onClick={() => {
                forgetRecentBill(deleting.receiptId);
                setDeleting(null);
              }}
            >
              Delete
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}

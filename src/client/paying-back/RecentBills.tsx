import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { everyoneText } from '../../../domain/paying-back/messages';
import { formatGBP, pence } from '../../../domain/money';
import { $bill, openRecentBill } from '../wizard/bill-store';
import { Dialog } from '../wizard/Dialog';
import { toast } from '../wizard/toasts';
import { browserShareEnvironment, shareNatively } from '../sharing/native-share';
import { fetchPayments } from './api';
import { $payee } from './payee-store';
import { $recentBills, forgetRecentBill, updatePaid, type RecentBill } from './recent-bills';
import { paidMap } from './stored-bill';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Bills shared from this device (DESIGN.md §1 item 13), on the scan step: open, share again or delete. */
export function RecentBills() {
  const bills = useStore($recentBills);
  const payee = useStore($payee);
  const [deleting, setDeleting] = useState<RecentBill | null>(null);
  const { review } = useStore($bill);

  // Who has paid since last time; a bill that has expired or gone just keeps what it knew.
  useEffect(() => {
    for (const bill of $recentBills.get().slice(0, 10))
      void fetchPayments(bill.receiptId, bill.organiserSecret).then((status) => status.ok && updatePaid(bill.receiptId, paidMap(status.value)));
  }, []);

  if (bills.length === 0 || review !== null) return null;
  const shareAgain = async (bill: RecentBill) => {
    const text = everyoneText({ payeeName: payee?.name ?? 'me', billLabel: bill.label, diners: bill.diners.map((d) => ({ name: d.name, amount: pence(d.totalPence), url: d.url })) });
    const outcome = await shareNatively({ title: bill.label, text, url: '' }, browserShareEnvironment());
    if (outcome === 'copied') toast('Bill copied: paste it into the group chat', 'success');
  };
  return (
    <section className="wz-card" aria-labelledby="recent-title">
      <h2 id="recent-title">Recent bills</h2>
      <p className="wz-note">Bills you shared from this device. Open one to see who has paid.</p>
      <ul className="pb-recent">
        {bills.map((bill) => {
          const paid = bill.diners.filter((d) => bill.paid[d.dinerId] !== undefined).length;
          return (
            <li key={bill.receiptId} aria-label={bill.label}>
              <h3>{bill.label}</h3>
              <p className="wz-note">
                {dateFormat.format(new Date(bill.sharedAt))} · {formatGBP(pence(bill.totalPence))} · {paid} of {bill.diners.length} paid
              </p>
              <div className="wz-actions">
                <button type="button" className="wz-btn wz-primary" onClick={() => openRecentBill(bill.snapshot, bill.receiptId)}>
                  Open
                </button>
                <button type="button" className="wz-btn" onClick={() => void shareAgain(bill)}>
                  Share again
                </button>
                <button type="button" className="wz-btn wz-quiet" onClick={() => setDeleting(bill)}>
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {deleting !== null ? (
        <Dialog open title="Delete from this device?" onClose={() => setDeleting(null)}>
          <p>
            {deleting.label} will no longer be listed here and you will not see who has paid. Links already sent keep working until {dateFormat.format(new Date(deleting.expiresAt))}.
          </p>
          <div className="wz-actions wz-end">
            <button type="button" className="wz-btn" onClick={() => setDeleting(null)}>
              Keep
            </button>
            <button
              type="button"
              className="wz-btn wz-primary"
              onClick={() => {
                forgetRecentBill(deleting.receiptId);
                setDeleting(null);
              }}
            >
              Delete
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

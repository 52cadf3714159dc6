import { useStore } from '../use-store';
import { billName, londonDay, MAX_BILL_NAME_LENGTH } from '../../../domain/bill-name';
import { $bill } from '../bill/bill-state';
import { renameBill } from '../bill/bill-store';

/**
 * The bill's name on Review and the Summary: prefilled from the restaurant and date the reader found
 * ("Bill of …" without them), and editable. Recent bills, messages, the diners' pages and the shared
 * pages use it; cleared, the receipt's name comes back (shown as the placeholder meanwhile).
 */
export function BillNameField() {
  const bill = useStore($bill);
  const fromReceipt = billName(bill.merchant, bill.receiptDate, bill.startedOn ?? londonDay(new Date()));
  return (
    <label className="field wz-bill-name">
      <span>Bill name</span>
      <input
        type="text"
        className="input"
        autoComplete="off"
        maxLength={MAX_BILL_NAME_LENGTH}
        value={bill.name ?? fromReceipt}
        placeholder={fromReceipt}
        onChange={(e) => renameBill(e.currentTarget.value)}
      />
    </label>
  );
}

import { exportReceipt } from '../../../domain/export';
import { pence } from '../../../domain/money';
import { dinerColour } from '../../../domain/diners';
import { receiptIdFor, type Receipt } from '../../../domain/receipt';
import { defaultKind } from '../../../domain/sharing/share-packet';
import type { ShareableBill } from '../../../domain/sharing/share-text';
import { Button } from '../ui/Button';

/** CSV and JSON downloads of the bill, built in the browser by domain/export.ts. */
export function ExportButtons({ bill }: { readonly bill: ShareableBill }) {
  const download = (format: 'csv' | 'json') => {
    const file = exportReceipt(toReceipt(bill), format);
    if (!file.ok) return console.error(file.error);
    const url = URL.createObjectURL(new Blob([file.value.content], { type: file.value.mimeType }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `whos-paying-bill.${file.value.extension}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="actions">
      <Button onClick={() => download('csv')}>Export CSV</Button>
      <Button onClick={() => download('json')}>Export JSON</Button>
    </div>
  );
}

export function toReceipt(bill: ShareableBill, now = new Date()): Receipt {
  const subtotal = bill.items.reduce((sum, i) => sum + i.pricePence, 0);
  return {
    receiptId: receiptIdFor(now, crypto.getRandomValues(new Uint8Array(6))),
    currency: bill.currency,
    items: bill.items.map((i, n) => ({ id: `item-${n + 1}`, name: i.name, pricePence: pence(i.pricePence), kind: i.kind ?? defaultKind(i.pricePence), assignedTo: i.assignedTo })),
    diners: bill.diners.map((d, n) => ({ id: d.id, name: d.name, color: dinerColour(n) })),
    tipPence: pence(bill.tipPence),
    tipSplit: bill.tipSplit,
    subtotalPence: pence(subtotal),
    totalPence: pence(subtotal + bill.tipPence),
    timestamp: now.toISOString(),
  };
}

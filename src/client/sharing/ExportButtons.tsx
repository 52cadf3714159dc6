import type { Bill } from '../../../domain/bill';
import { exportBill, type ExportStamp } from '../../../domain/export';
import { Button } from '../ui/Button';

/** CSV and JSON downloads of the bill as the summary shows it, built in the browser by domain/export.ts. */
export function ExportButtons({ bill, stamp }: { readonly bill: Bill; readonly stamp: ExportStamp }) {
  const download = (format: 'csv' | 'json') => {
    const file = exportBill(bill, stamp, format);
    if (!file.ok) return console.error(file.error);
    const url = URL.createObjectURL(new Blob([file.value.content], { type: file.value.mimeType }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `whos-paying-bill.${file.value.extension}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="wz-export" role="group" aria-label="Download the bill">
      <Button variant="ghost" onClick={() => download('csv')}>
        Export CSV
      </Button>
      <Button variant="ghost" onClick={() => download('json')}>
        Export JSON
      </Button>
    </div>
  );
}

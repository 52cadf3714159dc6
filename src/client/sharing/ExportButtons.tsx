import { exportReceipt } from '../../../domain/export';
import type { Receipt } from '../../../domain/receipt';
import { Button } from '../ui/Button';

/** CSV and JSON downloads of the bill as the summary shows it, built in the browser by domain/export.ts. */
export function ExportButtons({ receipt }: { readonly receipt: Receipt }) {
  const download = (format: 'csv' | 'json') => {
    const file = exportReceipt(receipt, format);
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

import { useEffect, useState } from 'react';
import '../sharing/dialogs.css';
import type { TableCodeAnswer } from '../../contracts/paying-back';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { qrDataUrl, QR_SIZE } from '../sharing/share-link';

const SCAN_WITH = { epc: 'Scan with your banking app', spayd: 'Scan with your banking app', upi: 'Scan with any UPI app' } as const;

/**
 * "Show to pay" at the table: one diner's code, as the server made it, for their banking or UPI app
 * to scan off the organiser's phone, with what it carries for apps that cannot scan.
 */
export function ShowToPayDialog({ name, code, onClose }: { readonly name: string; readonly code: TableCodeAnswer; readonly onClose: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    qrDataUrl(code.qr).then(setQr, (e: unknown) => console.error('QR generation failed', e));
  }, [code.qr]);
  return (
    <Dialog open title={`${name} pays ${code.amount}`} onClose={onClose} closeButton={false} className="qr-dialog pb-show">
      <p>{SCAN_WITH[code.provider]}: the amount and the reference are filled in.</p>
      <div className="qr-frame">{qr ? <img src={qr} width={QR_SIZE} height={QR_SIZE} alt={`Payment code: ${code.amount} for ${name}`} /> : <span className="qr-placeholder" aria-hidden="true" />}</div>
      <dl className="pb-details">
        <div>
          <dt>{code.provider === 'upi' ? 'UPI ID' : 'IBAN'}</dt>
          <dd>{code.account}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{code.reference}</dd>
        </div>
      </dl>
      <div className="wz-actions wz-end">
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}

import { useEffect, useRef, useState } from 'react';
import './dialogs.css';
import type { ShareableBill } from '../../../domain/sharing/share-text';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Problem } from '../ui/Problem';
import { createShareLink } from '../../contracts/shares';
import { callEndpoint } from '../call-endpoint';
import { missingLinkMessage, qrDataUrl, QR_SIZE, shareLinkRequest } from './share-link';

export interface QrDialogProps {
  readonly bill: ShareableBill;
  readonly open: boolean;
  readonly onClose: () => void;
}

/** The summary step's 'QR Code' dialog: the complete bill's signed link as an image. */
export function QrDialog({ bill, open, onClose }: QrDialogProps) {
  const [qr, setQr] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!open || started.current) return;
    started.current = true;
    callEndpoint(createShareLink, [], shareLinkRequest(bill))
      .then(async (made) => {
        if (!made.ok) {
          setProblem(missingLinkMessage(made.code));
          return console.error('QR generation failed', made.code);
        }
        setQr(await qrDataUrl(made.value.url));
      })
      .catch((e: unknown) => console.error('QR generation failed', e));
  }, [open, bill]);

  return (
    <Dialog open={open} title="QR Code" onClose={onClose} closeButton={false} className="qr-dialog">
      <p>Scan this QR code to view the bill split:</p>
      <Problem message={problem} />
      <div className="qr-frame">{qr ? <img src={qr} width={QR_SIZE} height={QR_SIZE} alt="QR code for the bill split" /> : <span className="qr-placeholder" aria-hidden="true" />}</div>
      <div className="actions">
        <Button block onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

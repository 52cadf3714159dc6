import { useEffect, useRef, useState } from 'react';
import './dialogs.css';
import { useDialogFocus } from '../dialog-focus';
import type { ShareableBill } from '../../../domain/sharing/share-text';
import { createShareLink, qrDataUrl } from './share-link';

export interface QrDialogProps {
  readonly bill: ShareableBill;
  readonly open: boolean;
  readonly onClose: () => void;
}

/** The summary step's 'QR Code' dialog (seed 001 §2.4): the complete bill's signed link as an image. */
export function QrDialog({ bill, open, onClose }: QrDialogProps) {
  const [qr, setQr] = useState<string | null>(null);
  const started = useRef(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  useDialogFocus(open, onClose, closeButton);

  useEffect(() => {
    if (!open || started.current) return;
    started.current = true;
    createShareLink(bill, null)
      .then(qrDataUrl)
      .then(setQr)
      .catch((e: unknown) => console.error('QR generation failed', e)); // seed 001 §8: logged only
  }, [open, bill]);

  if (!open) return null;
  return (
    <div className="share-dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="qr-dialog" role="dialog" aria-modal="true" aria-labelledby="qr-dialog-title">
        <h2 id="qr-dialog-title">QR Code</h2>
        <p>Scan this QR code to view the bill split:</p>
        {qr && <img src={qr} width={150} height={150} alt="QR code for the bill split" />}
        <button type="button" ref={closeButton} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import './dialogs.css';
import type { Bill } from '../../../domain/bill';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Problem } from '../ui/Problem';
import { createShareLink } from '../../contracts/shares';
import { callEndpoint } from '../call-endpoint';
import { missingLinkMessage, qrDataUrl, QR_SIZE, shareLinkRequest } from './share-link';

export interface QrDialogProps {
  readonly bill: Bill;
  /** The rate the organiser is paid back at, which the link carries; null for none. */
  readonly payBackRate: string | null;
  readonly open: boolean;
  readonly onClose: () => void;
}

/** The summary step's 'QR Code' dialog: the complete bill's signed link as an image. */
export function QrDialog({ bill, payBackRate, open, onClose }: QrDialogProps) {
  const [qr, setQr] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!open || started.current) return;
    started.current = true;
    callEndpoint(createShareLink, [], shareLinkRequest(bill, payBackRate))
      .then(async (made) => {
        if (!made.ok) {
          setProblem(missingLinkMessage(made.code));
          return console.error('QR generation failed', made.code);
        }
        setQr(await qrDataUrl(made.value.url));
      })
      .catch((e: unknown) => console.error('QR generation failed', e));
  }, [open, bill, payBackRate]);

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

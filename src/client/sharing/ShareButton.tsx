import { useState } from 'react';
import type { Bill } from '../../../domain/bill';
import { ShareDialog } from './ShareDialog';

/** A button that opens the share dialog: the /share screen's 'Share Complete Bill' and per-diner 'Share'. */
export function ShareButton({
  bill,
  payBackRate,
  dinerId = null,
  label,
  accessibleName,
}: {
  readonly bill: Bill;
  readonly payBackRate: string | null;
  readonly dinerId?: string | null;
  readonly label: string;
  readonly accessibleName?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)} aria-label={accessibleName}>
        {label}
      </button>
      <ShareDialog bill={bill} payBackRate={payBackRate} dinerId={dinerId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

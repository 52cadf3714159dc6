/**
 * INTEGRATION POINTS for dialogs other branches own. Each is mounted by the wizard with these props;
 * replace the body with the owning branch's component when it lands on main:
 * - ShareBillDialog, QrCodeDialog: sharing branch (POST /api/shares, QR code).
 * - BuyTokensDialog: payments branch.
 * - TokenRecoveryDialog: ledger branch.
 * Until then each says plainly that the feature is not connected yet.
 */
import type { Receipt } from '../../../domain/receipt';
import { Dialog } from './Dialog';

interface DialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

export function ShareBillDialog({ open, onClose }: DialogProps & { readonly receipt: Receipt }) {
  return <NotConnected open={open} onClose={onClose} title="Share Bill" />;
}

export function QrCodeDialog({ open, onClose }: DialogProps & { readonly receipt: Receipt }) {
  return <NotConnected open={open} onClose={onClose} title="QR Code" />;
}

export function BuyTokensDialog({ open, onClose }: DialogProps) {
  return <NotConnected open={open} onClose={onClose} title="Buy Tokens" />;
}

export function TokenRecoveryDialog({ open, onClose }: DialogProps) {
  return <NotConnected open={open} onClose={onClose} title="Token Recovery" />;
}

function NotConnected({ open, onClose, title }: DialogProps & { readonly title: string }) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <p>This is not connected yet in this build.</p>
      <div className="wz-actions">
        <button type="button" className="wz-btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

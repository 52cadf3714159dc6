/**
 * INTEGRATION POINT for the Buy Tokens dialog, which the payments branch owns
 * (src/client/payments/BuyTokensDialog.tsx). Until it lands on main this says plainly that buying
 * is not connected; replace the body with theirs, passing `anonymousUserId` and reloading the page
 * after a purchase (seed 000 §4).
 */
import { Dialog } from './Dialog';

interface DialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

export function BuyTokensDialog({ open, onClose }: DialogProps) {
  return (
    <Dialog open={open} title="Buy Tokens" onClose={onClose}>
      <p>Buying tokens is not connected yet in this build.</p>
      <div className="wz-actions">
        <button type="button" className="wz-btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

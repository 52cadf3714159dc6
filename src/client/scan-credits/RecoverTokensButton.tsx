import { useStore } from '../use-store';
import { useState } from 'react';
import { OnDemand, onDemand, PendingOverlay } from '../on-demand';
import { $metering, tokensHeld } from './metering-store';
import type { TokenRecoveryDialogProps } from './TokenRecoveryDialog';

/** Fetched when first opened (or prefetched by the wizard): most visits never open it. */
export const tokenRecoveryDialog = onDemand<TokenRecoveryDialogProps>(() => import('./TokenRecoveryDialog').then((m) => m.TokenRecoveryDialog));

export interface RecoverTokensButtonProps {
  /** Called after tokens were recovered (e.g. to show a toast). */
  readonly onRecovered?: (message: string) => void;
  readonly className?: string;
}

/**
 * The header's 'Recover tokens' icon button: shown only when the server says tokens
 * are 0; it opens the Token Recovery dialog. Usage: `<RecoverTokensButton onRecovered={toast} />`
 * inside the header island, after `startMetering()` has been called once.
 */
export function RecoverTokensButton({ onRecovered, className }: RecoverTokensButtonProps) {
  const tokens = tokensHeld(useStore($metering));
  const [open, setOpen] = useState(false);
  return (
    <>
      {tokens === 0 && (
        <button type="button" className={className} aria-label="Recover tokens" title="Recover tokens" onClick={() => setOpen(true)}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M3 12a9 9 0 1 0 3-6.7" />
            <path d="M3 4v5h5" />
          </svg>
        </button>
      )}
      {open && <OnDemand part={tokenRecoveryDialog} props={{ open, onClose: () => setOpen(false), onRecovered }} pending={<PendingOverlay />} />}
    </>
  );
}

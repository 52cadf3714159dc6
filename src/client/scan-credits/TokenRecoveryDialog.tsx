import { useStore } from '../use-store';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import './metering.css';
import { meteringClient, type MeteringClient } from './metering-client';
import { tokenRecovery, type RecoveryOutcome, type TokenRecoveryClient } from './token-recovery';

export interface TokenRecoveryDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Called after tokens were recovered, with what the dialog said (the specification's 'Successfully recovered N tokens!'), e.g. to toast it. */
  readonly onRecovered?: (message: string) => void;
  /** For tests; the page's shared clients by default. */
  readonly metering?: MeteringClient;
  readonly recovery?: TokenRecoveryClient;
}

/**
 * The Token Recovery dialog of the specification (modal): current tokens and free bills used, 'Recover
 * My Tokens', the help notes, and (beyond the documents) entering a recovery code from a purchase.
 * Mount it once, e.g. in the header island: `<TokenRecoveryDialog open={open} onClose={() => setOpen(false)} />`.
 */
export function TokenRecoveryDialog({ open, onClose, onRecovered, metering = meteringClient(), recovery = tokenRecovery() }: TokenRecoveryDialogProps) {
  const { usage } = useStore(metering.$state);
  const [busy, setBusy] = useState<'device' | 'code' | 'revoke' | null>(null);
  const [outcome, setOutcome] = useState<Pick<RecoveryOutcome, 'ok' | 'message'> | null>(null);
  const [code, setCode] = useState('');
  const codeId = useId();
  const firstButton = useRef<HTMLButtonElement>(null);

  // Each opening starts without the last attempt's outcome.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setOutcome(null);
  }

  useEffect(() => {
    if (!open) return;
    firstButton.current?.focus();
    void metering.loadUsage();
  }, [open, metering]);

  if (!open) return null;

  const run = async (kind: 'device' | 'code' | 'revoke', attempt: () => Promise<RecoveryOutcome | { ok: boolean; message: string }>) => {
    setBusy(kind);
    setOutcome(null);
    const result = await attempt();
    setBusy(null);
    setOutcome(result);
    if (result.ok && 'tokens' in result) onRecovered?.(result.message);
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') void run('code', () => recovery.redeem(code));
  };

  return (
    <Dialog open title="Token Recovery" onClose={onClose} closeButton={false} className="wp-recovery">
      <dl className="rows">
        <div>
          <dt>Current tokens</dt>
          <dd>{usage ? usage.tokens : '…'}</dd>
        </div>
        <div>
          <dt>Free bills used</dt>
          <dd>{usage ? `${usage.billsUsed} of ${usage.maxFreeBills}` : '…'}</dd>
        </div>
      </dl>
      <Button variant="primary" block ref={firstButton} disabled={busy !== null} onClick={() => void run('device', () => recovery.recover())}>
        {busy === 'device' ? 'Recovering Tokens...' : 'Recover My Tokens'}
      </Button>
      <form onSubmit={submitCode}>
        <label htmlFor={codeId}>Recovery code</label>
        <input
          id={codeId}
          className="input"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
        />
        <Button type="submit" block disabled={busy !== null || code.trim() === ''}>
          {busy === 'code' ? 'Recovering Tokens...' : 'Use Recovery Code'}
        </Button>
      </form>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'wp-success' : 'wp-error'}>
          {outcome.message}
        </p>
      )}
      <ul className="wp-help">
        <li>Recovery only works for purchases made on this device.</li>
        <li>A recovery code shown after a purchase restores its tokens on any device.</li>
        <li>If it still fails, please contact support with your payment receipt.</li>
        <li>A code works once on another device. If someone else has seen yours, revoke it:</li>
      </ul>
      <Button block disabled={busy !== null} onClick={() => void run('revoke', () => recovery.revokeCodes())}>
        {busy === 'revoke' ? 'Revoking...' : 'Revoke My Recovery Codes'}
      </Button>
      <Button block onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}

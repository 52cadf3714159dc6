import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import './metering.css';
import { meteringClient, type MeteringClient } from './metering-client';
import { tokenRecovery, type RecoveryOutcome, type TokenRecoveryClient } from './token-recovery';

export interface TokenRecoveryDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Called after tokens were recovered (e.g. to show a toast). */
  readonly onRecovered?: (tokens: number) => void;
  /** For tests; the page's shared clients by default. */
  readonly metering?: MeteringClient;
  readonly recovery?: TokenRecoveryClient;
}

/**
 * The Token Recovery dialog of seed 000 §2 (modal): current tokens and free bills used, 'Recover
 * My Tokens', the help notes, and (beyond the documents) entering a recovery code from a purchase.
 * Mount it once, e.g. in the header island: `<TokenRecoveryDialog open={open} onClose={() => setOpen(false)} />`.
 */
export function TokenRecoveryDialog({ open, onClose, onRecovered, metering = meteringClient(), recovery = tokenRecovery() }: TokenRecoveryDialogProps) {
  const { usage } = useStore(metering.$state);
  const [busy, setBusy] = useState<'device' | 'code' | null>(null);
  const [outcome, setOutcome] = useState<RecoveryOutcome | null>(null);
  const [code, setCode] = useState('');
  const titleId = useId();
  const codeId = useId();
  const firstButton = useRef<HTMLButtonElement>(null);

  // The latest onClose, so a parent passing a new function on each render does not re-run the effect below.
  const close = useEffectEvent(() => onClose());

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
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, metering]);

  if (!open) return null;

  const run = async (kind: 'device' | 'code', attempt: () => Promise<RecoveryOutcome>) => {
    setBusy(kind);
    setOutcome(null);
    const result = await attempt();
    setBusy(null);
    setOutcome(result);
    if (result.ok) onRecovered?.(result.tokens);
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') void run('code', () => recovery.redeem(code));
  };

  return (
    <div className="wp-modal-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="wp-modal">
        <h2 id={titleId}>Token Recovery</h2>
        <dl>
          <dt>Current tokens</dt>
          <dd>{usage ? usage.tokens : '…'}</dd>
          <dt>Free bills used</dt>
          <dd>{usage ? `${usage.billsUsed} of ${usage.maxFreeBills}` : '…'}</dd>
        </dl>
        <button type="button" ref={firstButton} disabled={busy !== null} onClick={() => void run('device', () => recovery.recover())}>
          {busy === 'device' ? 'Recovering Tokens...' : 'Recover My Tokens'}
        </button>
        <form onSubmit={submitCode}>
          <label htmlFor={codeId}>Recovery code</label>
          <input
            id={codeId}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
          />
          <button type="submit" disabled={busy !== null || code.trim() === ''}>
            {busy === 'code' ? 'Recovering Tokens...' : 'Use Recovery Code'}
          </button>
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
        </ul>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

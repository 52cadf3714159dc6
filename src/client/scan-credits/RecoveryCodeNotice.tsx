import { useEffect, useState } from 'react';
import { Button } from '../ui/Button';
import './metering.css';
import { tokenRecovery, type TokenRecoveryClient } from './token-recovery';

export interface RecoveryCodeNoticeProps {
  /** For tests; the page's shared client by default. */
  readonly recovery?: TokenRecoveryClient;
  /** A code the server already gave (e.g. in a payment confirmation); otherwise one is requested. */
  readonly code?: string;
}

/**
 * Shown after a confirmed purchase: the buyer's recovery code, with a Copy
 * button. Typed into the Token Recovery dialog on any device, it restores the balance.
 */
export function RecoveryCodeNotice({ recovery = tokenRecovery(), code: given }: RecoveryCodeNoticeProps) {
  const [code, setCode] = useState<string | null>(given ?? null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (given !== undefined) return;
    let live = true;
    void recovery.newRecoveryCode().then((c) => live && setCode(c));
    return () => {
      live = false;
    };
  }, [given, recovery]);

  if (code === null) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section aria-label="Recovery code" className="wp-recovery-code">
      <p>Your recovery code — keep it to restore your tokens on another device (it works once, and can be revoked in Token Recovery):</p>
      <p className="wp-code-row">
        <code>{code}</code>
        <Button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy'}</Button>
      </p>
    </section>
  );
}

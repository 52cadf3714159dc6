import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { AssignStep } from './AssignStep';
import { $bill, $restored, restoreBill, resetBill, type Step } from './bill-store';
import { Header } from './Header';
import { recoveredMessage, startMetering } from '../metering/token-recovery';
import { TokenRecoveryDialog } from '../metering/TokenRecoveryDialog';
import { isOnline, OFFLINE_MESSAGES } from '../online';
import { BuyTokensDialog } from '../payments/BuyTokensDialog';
import { ScanStep } from './ScanStep';
import { openSharedBillFromUrl } from './shared-bill';
import { SummaryStep } from './SummaryStep';
import { syncTheme } from '../theme';
import { Toasts } from './Toasts';
import { toast } from './toasts';
import { refreshUsage } from './usage';
import './wizard.css';

const STEPS: readonly { readonly step: Step; readonly label: string }[] = [
  { step: 'scan', label: 'Scan' },
  { step: 'assign', label: 'Assign' },
  { step: 'summary', label: 'Summary' },
];

/** The three-step wizard at /app (seed 000 §2): one island, since every part of it is interactive. */
export default function WizardApp() {
  const ready = useStore($restored);
  const { step } = useStore($bill);
  const [dialog, setDialog] = useState<'buy' | 'recover' | null>(null);
  const main = useRef<HTMLElement>(null);
  const firstStep = useRef(true);
  const purchased = useRef(false);

  useEffect(() => {
    syncTheme();
    restoreBill();
    void openSharedBillFromUrl();
    // Usage from the server, then the once-per-session token recovery when tokens are 0 (seed 000 §4).
    void startMetering((outcome) => toast(outcome.message, 'success'));
  }, []);

  useEffect(() => {
    if (!ready) return;
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    // Smooth scroll to the top on each step change, and move focus there for screen readers.
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    main.current?.focus({ preventScroll: true });
  }, [step, ready]);

  /** Buying needs the network: offline, say so at once instead of a dialog that cannot load. */
  const buyTokens = () => {
    if (isOnline()) setDialog('buy');
    else toast(OFFLINE_MESSAGES.payment, 'error');
  };

  /** New bill only if usage allows; otherwise the Buy Tokens dialog (seed 000 §4). */
  const newBill = async () => {
    const usage = await refreshUsage();
    if (usage.canUse) resetBill();
    else buyTokens();
  };

  return (
    <div className="wz-app">
      <Header />
      <nav aria-label="Steps" className="wz-steps">
        <ol>
          {STEPS.map((s, i) => (
            <li key={s.step} aria-current={s.step === step ? 'step' : undefined}>
              <span aria-hidden="true">{i + 1}</span> {s.label}
            </li>
          ))}
        </ol>
      </nav>
      <main ref={main} tabIndex={-1} className="wz-main" aria-label="Bill splitter">
        {!ready ? (
          <div className="wz-loading" role="status">
            <span className="wz-spinner" aria-hidden="true" />
            <span>Loading…</span>
          </div>
        ) : step === 'scan' ? (
          <ScanStep onNewBill={() => void newBill()} onBuyTokens={buyTokens} onRecoverTokens={() => setDialog('recover')} />
        ) : step === 'assign' ? (
          <AssignStep />
        ) : (
          <SummaryStep onSplitAnother={() => void newBill()} />
        )}
      </main>
      <footer className="wz-footer">
        <p>
          Made for easy bill splitting. <a href="/privacy-policy">Privacy Policy</a>
        </p>
      </footer>
      <Toasts />
      <BuyTokensDialog
        open={dialog === 'buy'}
        onPurchased={() => {
          purchased.current = true;
        }}
        onClose={() => {
          setDialog(null);
          // Seed 000 §4: after a token purchase the page reloads (the bill in progress is kept locally).
          if (purchased.current) location.reload();
        }}
      />
      <TokenRecoveryDialog open={dialog === 'recover'} onClose={() => setDialog(null)} onRecovered={(tokens) => toast(recoveredMessage(tokens), 'success')} />
    </div>
  );
}

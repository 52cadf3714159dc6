import { useStore } from '../use-store';
import { useEffect, useRef, useState } from 'react';
import { $bill, $restored, restoreBill, resetBill, type Step } from '../bill/bill-state';
import { Header } from './Header';
import { ScanPending } from './ScanIntro';
import { OnDemand, Pending, PendingOverlay, prefetchWhenIdle } from '../on-demand';
import { isOnline, OFFLINE_MESSAGES } from '../online';
import { manualEntry, qrDialog, reviewItems, shareDialog } from './inner-parts';
import { assignStep, buyTokensDialog, recentBills, scanStep, summaryStep, tokenRecoveryDialog } from './parts';
import { installPromptDue, startInstallPrompt } from '../pwa/install-prompt';
import { scrollToTop } from '../scroll-to-top';
import { syncTheme } from '../theme';
import { Toasts } from '../ui/Toasts';
import { SCAN_SLOT, toast } from '../ui/toasts';
import '../../styles/app.css';

interface WizardHistory {
  readonly wizardStep: Step;
}

const STEPS: readonly { readonly step: Step; readonly label: string }[] = [
  { step: 'scan', label: 'Scan' },
  { step: 'assign', label: 'Assign' },
  { step: 'summary', label: 'Summary' },
];

/** The three-step wizard at /app: one island, since every part of it is interactive. */
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
    startInstallPrompt({ due: false });
    // The bill is restored: the scan step's heading shows again whenever that step does (app.astro).
    delete document.documentElement.dataset['resumingBill'];
    // /app?data={token}: a shared bill to open (its code is fetched only then).
    if (new URLSearchParams(location.search).has('data')) void import('./shared-bill').then((m) => m.openSharedBillFromUrl());
    // Usage from the server, then the once-per-session token recovery when tokens are 0;
    // the metering code is fetched now rather than with the page, as the scan step's is.
    void import('../scan-credits/token-recovery').then((m) => m.startMetering((outcome) => toast(outcome.message, 'success', SCAN_SLOT)));
    // The scan step's code arrives with the usage it waits for (both asked for now); the rest
    // while the user looks at it.
    prefetchWhenIdle([manualEntry, reviewItems, assignStep, summaryStep, shareDialog, qrDialog, buyTokensDialog, tokenRecoveryDialog]);
  }, []);

  // Each step is an entry in the browser's history, so the phone's Back goes to the step before.
  useEffect(() => {
    if (!ready) return;
    const inHistory = (history.state as WizardHistory | null)?.wizardStep;
    if (inHistory === step) return;
    if (inHistory === undefined) history.replaceState({ ...(history.state as object | null), wizardStep: step }, '');
    else history.pushState({ wizardStep: step } satisfies WizardHistory, '');
  }, [step, ready]);
  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      const target = (event.state as WizardHistory | null)?.wizardStep;
      if (target === undefined) return;
      // The wizard's changes load with the later steps, not with the first screen.
      void import('../bill/bill-store').then(({ stepFromHistory }) => {
        stepFromHistory(target);
        // A step that cannot be shown now (a Summary of a bill started again): the entry is the step shown.
        const now = $bill.get().step;
        if (now !== target) history.replaceState({ wizardStep: now } satisfies WizardHistory, '');
      });
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (!ready) return;
    if (step === 'summary') installPromptDue();
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    // Smooth scroll to the top on each step change, and move focus there for screen readers.
    scrollToTop();
    main.current?.focus({ preventScroll: true });
  }, [step, ready]);

  /** Buying needs the network: offline, say so at once instead of a dialog that cannot load. */
  const buyTokens = () => {
    if (isOnline()) setDialog('buy');
    else toast(OFFLINE_MESSAGES.payment, 'error', SCAN_SLOT);
  };

  /**
   * A new bill always starts at the scan step: only a scan needs an allowance
   * or a token, so starting over never opens Buy Tokens and meters nothing.
   */
  const newBill = () => resetBill();

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
          <ScanPending />
        ) : step === 'scan' ? (
          <>
            <OnDemand key="scan" part={scanStep} props={{ onNewBill: newBill, onBuyTokens: buyTokens, onRecoverTokens: () => setDialog('recover') }} pending={<ScanPending />} />
            <OnDemand key="recent" part={recentBills} props={{}} pending={null} />
          </>
        ) : step === 'assign' ? (
          <OnDemand key="assign" part={assignStep} props={{}} pending={<Pending />} />
        ) : (
          <OnDemand key="summary" part={summaryStep} props={{ onSplitAnother: newBill }} pending={<Pending />} />
        )}
      </main>
      <footer className="wz-footer">
        <p>
          Made for easy bill splitting. <a href="/privacy-policy">Privacy Policy</a>
        </p>
      </footer>
      <Toasts />
      {dialog === 'buy' && (
        <OnDemand
          part={buyTokensDialog}
          pending={<PendingOverlay />}
          props={{
            open: true,
            onPurchased: () => {
              purchased.current = true;
            },
            onClose: () => {
              setDialog(null);
              // After a token purchase the page reloads (the bill in progress is kept locally).
              if (purchased.current) location.reload();
            },
          }}
        />
      )}
      {dialog === 'recover' && (
        <OnDemand
          part={tokenRecoveryDialog}
          pending={<PendingOverlay />}
          props={{ open: true, onClose: () => setDialog(null), onRecovered: (message: string) => toast(message, 'success', SCAN_SLOT) }}
        />
      )}
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useDialogFocus } from '../dialog-focus';
import { formatGBP, pence } from '../../../domain/money';
import { DEFAULT_PACKAGE_ID } from '../../../domain/payments/offers';
import { anonymousIdentity } from '../metering/anonymous-identity';
import { meteringClient } from '../metering/metering-client';
import { RecoveryCodeNotice } from '../metering/RecoveryCodeNotice';
import { loadPaymentsConfig, type PaymentsConfig, type Purchased, type Selection } from './api';
import { OfferPicker, packageSelection } from './OfferPicker';
import { PaymentMethods, type Method } from './PaymentMethods';
import { PayPalCheckout } from './PayPalCheckout';
import { StripeCardForm } from './StripeCardForm';
import { TestCardForm } from './TestCardForm';
import './buy-tokens.css';

export interface BuyTokensDialogProps {
  /** Whether the dialog is shown; the host owns this state. */
  readonly open: boolean;
  readonly onClose: () => void;
  /** After the server confirmed the payment: the tokens bought and the new server balance. */
  readonly onPurchased?: (purchased: Purchased) => void;
}

type Step = { readonly kind: 'choose' } | { readonly kind: 'pay' } | { readonly kind: 'done'; readonly purchased: Purchased };

/**
 * 'Purchase Premium Tokens': pick a package or plan, then a payment method. Tokens are credited by
 * the server once the provider confirms; this dialog shows the confirmed result, the new balance
 * (also set in the metering store, so the header badge updates in place without a reload) and the
 * recovery code. Tokens go to this device's anonymous identity.
 */
export function BuyTokensDialog({ open, onClose, onPurchased }: BuyTokensDialogProps) {
  const titleId = useId();
  const [config, setConfig] = useState<PaymentsConfig | null>(null);
  const [anonymousUserId, setAnonymousUserId] = useState<string | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [method, setMethod] = useState<Method | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    if (!open || (config && anonymousUserId)) return;
    Promise.all([loadPaymentsConfig(), anonymousIdentity().current()]).then(
      ([loaded, user]) => {
        setConfig(loaded);
        setAnonymousUserId(user.id);
        const medium = loaded.packages.find((p) => p.id === DEFAULT_PACKAGE_ID);
        if (medium) setSelection(packageSelection(medium));
      },
      () => setLoadError(true),
    );
  }, [open, config, anonymousUserId]);

  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(open, close, dialog);

  if (!open) return null;

  function close() {
    setStep({ kind: 'choose' });
    setMethod(null);
    onClose();
  }

  function choose(next: Selection) {
    setSelection(next);
    setAttemptKey(crypto.randomUUID());
  }

  function paid(purchased: Purchased) {
    const metering = meteringClient();
    metering.setTokens(purchased.balance);
    if (selection) void metering.reportPurchase({ tokens: purchased.tokens, amount: selection.amountPence / 100, paymentId: purchased.paymentId, provider: purchased.provider });
    setStep({ kind: 'done', purchased });
    setAttemptKey(crypto.randomUUID());
    onPurchased?.(purchased);
  }

  const testMode = config?.card.mode === 'test' || config?.paypal.mode === 'test';
  const ready = config && selection && anonymousUserId;

  return (
    <div className="bt-backdrop" onClick={(e) => e.target === e.currentTarget && close()}>
      <div className="bt-dialog" ref={dialog} tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="bt-header">
          <h2 id={titleId}>{step.kind === 'pay' ? 'Choose Payment Method' : 'Purchase Premium Tokens'}</h2>
          {testMode && <span className="bt-test-badge">TEST MODE</span>}
          <button type="button" className="bt-close" aria-label="Close" onClick={close}>
            ×
          </button>
        </header>
        {loadError && (
          <p role="alert" className="bt-error">
            Payment failed. Please try again.
          </p>
        )}
        {!ready && !loadError && <p role="status">Loading...</p>}
        {ready && step.kind === 'choose' && (
          <>
            <p>One token buys one AI receipt scan. Tokens never expire.</p>
            <OfferPicker packages={config.packages} plans={config.plans} selected={selection} onSelect={choose} />
            <button type="button" className="bt-primary" onClick={() => setStep({ kind: 'pay' })}>
              Continue to Payment
            </button>
          </>
        )}
        {ready && step.kind === 'pay' && (
          <>
            <p className="bt-summary">
              {selection.description}: <strong>{formatGBP(pence(selection.amountPence))}</strong>
            </p>
            <PaymentMethods selected={method} paypalAvailable={selection.type === 'package'} onSelect={setMethod} />
            {method === 'card' &&
              (config.card.mode === 'live' ? (
                <StripeCardForm publishableKey={config.card.publishableKey} selection={selection} anonymousUserId={anonymousUserId} attemptKey={attemptKey} onPaid={paid} />
              ) : (
                <TestCardForm selection={selection} anonymousUserId={anonymousUserId} attemptKey={attemptKey} onPaid={paid} />
              ))}
            {method === 'paypal' && <PayPalCheckout mode={config.paypal} selection={selection} anonymousUserId={anonymousUserId} attemptKey={attemptKey} onPaid={paid} />}
            <button type="button" className="bt-secondary" onClick={() => setStep({ kind: 'choose' })}>
              Back
            </button>
          </>
        )}
        {step.kind === 'done' && (
          <div className="bt-success" role="status">
            <h3>Payment Successful!</h3>
            <p>{step.purchased.tokens} tokens added.</p>
            <p>
              Your balance: <strong>{step.purchased.balance} tokens</strong>
            </p>
            <RecoveryCodeNotice />
            <button type="button" className="bt-primary" onClick={close}>
              Done
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { AnonymousId } from '../../../domain/anonymous-id';
import { DEFAULT_PACKAGE_ID } from '../../../domain/buying-tokens/offers';
import { paymentOptions, type OfferOnSale, type PaymentOptions } from '../../contracts/buying-tokens';
import { callEndpoint } from '../call-endpoint';
import { anonymousIdentity } from '../scan-credits/anonymous-identity';
import { meteringClient } from '../scan-credits/metering-client';
import { RecoveryCodeNotice } from '../scan-credits/RecoveryCodeNotice';
import type { Purchased } from './checkout';
import { OfferPicker } from './OfferPicker';
import { PaymentMethods, type Method } from './PaymentMethods';
import { PayPalCheckout } from './PayPalCheckout';
import { StripeCardForm } from './StripeCardForm';
import { TestCardForm } from './TestCardForm';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
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
  const [config, setConfig] = useState<PaymentOptions | null>(null);
  const [anonymousUserId, setAnonymousUserId] = useState<AnonymousId | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [selection, setSelection] = useState<OfferOnSale | null>(null);
  const [method, setMethod] = useState<Method | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    if (!open || (config && anonymousUserId)) return;
    Promise.all([callEndpoint(paymentOptions, []), anonymousIdentity().current()]).then(
      ([loaded, user]) => {
        if (!loaded.ok) return setLoadError(true);
        setConfig(loaded.value);
        setAnonymousUserId(user.id);
        const medium = loaded.value.packages.find((p) => p.id === DEFAULT_PACKAGE_ID);
        if (medium) setSelection(medium);
      },
      () => setLoadError(true),
    );
  }, [open, config, anonymousUserId]);

  if (!open) return null;

  function close() {
    setStep({ kind: 'choose' });
    setMethod(null);
    onClose();
  }

  function choose(next: OfferOnSale) {
    setSelection(next);
    setAttemptKey(crypto.randomUUID());
  }

  function paid(purchased: Purchased) {
    const metering = meteringClient();
    metering.setTokens(purchased.balance);
    if (selection) void metering.reportPurchase({ tokens: purchased.tokens, amount: selection.amount, paymentId: purchased.paymentId, provider: purchased.provider });
    setStep({ kind: 'done', purchased });
    setAttemptKey(crypto.randomUUID());
    onPurchased?.(purchased);
  }

  const testMode = config?.card.mode === 'test' || config?.paypal.mode === 'test';
  const ready = config && selection && anonymousUserId;

  return (
    <Dialog
      open
      title={step.kind === 'pay' ? 'Choose Payment Method' : 'Purchase Premium Tokens'}
      badge={testMode && <span className="bt-test-badge">TEST MODE</span>}
      onClose={close}
      className="bt-dialog"
    >
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
          <Button variant="primary" block onClick={() => setStep({ kind: 'pay' })}>
            Continue to Payment
          </Button>
        </>
      )}
      {ready && step.kind === 'pay' && (
        <>
          <p className="bt-summary">
            {selection.description}: <strong>{selection.price}</strong>
          </p>
          <PaymentMethods selected={method} paypalAvailable={selection.type === 'package'} onSelect={setMethod} />
          {method === 'card' &&
            (config.card.mode === 'live' ? (
              <StripeCardForm publishableKey={config.card.publishableKey} selection={selection} anonymousUserId={anonymousUserId} attemptKey={attemptKey} onPaid={paid} />
            ) : (
              <TestCardForm selection={selection} anonymousUserId={anonymousUserId} attemptKey={attemptKey} onPaid={paid} />
            ))}
          {method === 'paypal' && <PayPalCheckout mode={config.paypal} selection={selection} anonymousUserId={anonymousUserId} attemptKey={attemptKey} onPaid={paid} />}
          <Button block className="bt-back" onClick={() => setStep({ kind: 'choose' })}>
            Back
          </Button>
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
          <Button variant="primary" block onClick={close}>
            Done
          </Button>
        </div>
      )}
    </Dialog>
  );
}

import { loadScript } from '@paypal/paypal-js';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { AnonymousId } from '../../../domain/anonymous-id';
import { PAYMENT_MESSAGES } from '../../../domain/buying-tokens/messages';
import type { OfferOnSale } from '../../contracts/buying-tokens';
import { approveTestPayPal, capturePayPal, PaymentError, startPayPalOrder, type Purchased } from './checkout';
import { rememberPayPalPayment } from './paypal-storage';

interface Props {
  readonly mode: { readonly mode: 'live'; readonly clientId: string } | { readonly mode: 'test' };
  readonly selection: OfferOnSale;
  readonly anonymousUserId: AnonymousId;
  readonly attemptKey: string;
  readonly onPaid: (purchased: Purchased) => void;
}

type Overlay = { readonly kind: 'processing' } | { readonly kind: 'approve'; readonly orderId: string } | { readonly kind: 'success' } | null;

// The PayPal success overlay closes after 2 s.
const SUCCESS_OVERLAY_MS = 2000;

/** PayPal: the order is created and captured by our server; the buttons (or the TEST MODE window) only approve it. */
export function PayPalCheckout({ mode, selection, anonymousUserId, attemptKey, onPaid }: Props) {
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [error, setError] = useState<string | null>(null);
  const buttons = useRef<HTMLDivElement>(null);

  const createOrder = async () => (await startPayPalOrder(selection, anonymousUserId, attemptKey)).id;

  async function capture(orderId: string) {
    setOverlay({ kind: 'processing' });
    try {
      const captured = await capturePayPal(orderId);
      const purchased: Purchased = { tokens: captured.tokens, balance: captured.balance, paymentId: captured.paymentId, provider: 'paypal' };
      rememberPayPalPayment(orderId, selection, purchased);
      setOverlay({ kind: 'success' });
      setTimeout(() => {
        setOverlay(null);
        onPaid(purchased);
      }, SUCCESS_OVERLAY_MS);
    } catch (caught) {
      setOverlay(null);
      setError(caught instanceof PaymentError ? caught.message : PAYMENT_MESSAGES.paypalCaptureFailed);
    }
  }

  // The buttons call back long after they render: with the props of that moment, not of the first render.
  const createOrderNow = useEffectEvent(createOrder);
  const captureNow = useEffectEvent(capture);

  useEffect(() => {
    if (mode.mode !== 'live' || !buttons.current) return;
    let closed = false;
    const target = buttons.current;
    loadScript({ clientId: mode.clientId, currency: 'GBP', intent: 'capture' })
      .then((paypal) => {
        if (closed || !paypal?.Buttons) return;
        return paypal
          .Buttons({
            createOrder: () =>
              createOrderNow().catch((caught: unknown) => {
                setError(caught instanceof PaymentError ? caught.message : PAYMENT_MESSAGES.paypalCreateFailed);
                throw caught;
              }),
            onApprove: (data) => captureNow(data.orderID),
            onCancel: () => setError(PAYMENT_MESSAGES.paypalCancelled),
            onError: () => setError(PAYMENT_MESSAGES.paypalFailed),
          })
          .render(target);
      })
      .catch(() => setError(PAYMENT_MESSAGES.paypalFailed));
    return () => {
      closed = true;
      target.replaceChildren();
    };
    // The buttons are rendered once per offer; a new attempt key means a new purchase.
  }, [mode, selection, attemptKey]);

  async function startTestOrder() {
    setError(null);
    try {
      setOverlay({ kind: 'approve', orderId: await createOrder() });
    } catch (caught) {
      setError(caught instanceof PaymentError ? caught.message : PAYMENT_MESSAGES.paypalCreateFailed);
    }
  }

  async function approveTest(orderId: string) {
    try {
      await approveTestPayPal(orderId);
      await capture(orderId);
    } catch {
      setOverlay(null);
      setError(PAYMENT_MESSAGES.paypalFailed);
    }
  }

  return (
    <div className="bt-paypal">
      {mode.mode === 'live' ? (
        <div ref={buttons} />
      ) : (
        <>
          <p className="bt-test-mode" role="note">
            <strong>TEST MODE</strong> — PayPal is simulated; no money moves.
          </p>
          <button type="button" className="button block bt-paypal-button" onClick={startTestOrder}>
            Pay with PayPal
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="bt-error">
          {error}
        </p>
      )}
      {overlay && (
        <div className="bt-overlay" role="dialog" aria-modal="true" aria-label="PayPal">
          {overlay.kind === 'processing' && <p role="status">Processing your PayPal payment...</p>}
          {overlay.kind === 'success' && <p role="status">Payment successful!</p>}
          {overlay.kind === 'approve' && (
            <div className="bt-overlay-window">
              <p>
                <strong>TEST MODE</strong> PayPal
              </p>
              <p>Approve this payment of the order {overlay.orderId}?</p>
              <button type="button" className="button block" onClick={() => approveTest(overlay.orderId)}>
                Approve payment
              </button>
              <button
                type="button"
                className="button secondary block"
                onClick={() => {
                  setOverlay(null);
                  setError(PAYMENT_MESSAGES.paypalCancelled);
                }}
              >
                Cancel
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

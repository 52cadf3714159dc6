import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { AnonymousId } from '../../../domain/anonymous-id';
import { PAYMENT_MESSAGES } from '../../../domain/buying-tokens/messages';
import type { OfferOnSale } from '../../contracts/buying-tokens';
import { awaitConfirmation, PaymentError, startCardPayment, type Purchased } from './checkout';

interface Props {
  readonly publishableKey: string;
  readonly selection: OfferOnSale;
  readonly anonymousUserId: AnonymousId;
  readonly attemptKey: string;
  readonly onPaid: (purchased: Purchased) => void;
}

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

/** Live card payments: our server creates the PaymentIntent, Stripe's Payment Element collects the card. */
export function StripeCardForm({ publishableKey, selection, anonymousUserId, attemptKey, onPaid }: Props) {
  const [intent, setIntent] = useState<{ client_secret: string; id: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);

  useEffect(() => {
    let live = true;
    startCardPayment(selection, anonymousUserId, attemptKey).then(
      (created) => live && setIntent(created),
      (caught: unknown) => live && setError(caught instanceof PaymentError ? caught.message : PAYMENT_MESSAGES.cardFailed),
    );
    return () => {
      live = false;
    };
  }, [selection, anonymousUserId, attemptKey]);

  if (error)
    return (
      <p role="alert" className="bt-error">
        {error}
      </p>
    );
  if (!intent) return <p role="status">Processing...</p>;
  return (
    <Elements stripe={stripe} options={{ clientSecret: intent.client_secret }}>
      <ConfirmForm intentId={intent.id} price={selection.price} onPaid={onPaid} />
    </Elements>
  );
}

function ConfirmForm({ intentId, price, onPaid }: { intentId: string; price: string; onPaid: (p: Purchased) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!stripe || !elements) return setError('Stripe not initialized');
    if (!elements.getElement('payment')) return setError('Card element not properly mounted. Please try again.');
    setProcessing(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${location.origin}/payment/success`, payment_method_data: { billing_details: { name } } },
      });
      if (result.error) throw new PaymentError(result.error.message ?? PAYMENT_MESSAGES.cardFailed);
      if (!['succeeded', 'processing'].includes(result.paymentIntent.status)) throw new PaymentError(PAYMENT_MESSAGES.cardConfirmationFailed);
      // Our server credits from Stripe's webhook; the browser only waits to hear that it did.
      const state = await awaitConfirmation(intentId);
      if (state.status !== 'succeeded') throw new PaymentError(PAYMENT_MESSAGES.cardConfirmationFailed);
      onPaid({ tokens: state.tokens, balance: state.balance, paymentId: state.paymentId, provider: 'stripe' });
    } catch (caught) {
      setError(caught instanceof PaymentError ? caught.message : PAYMENT_MESSAGES.cardFailed);
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form className="bt-card-form" onSubmit={submit}>
      <label>
        Cardholder name
        <input className="input" name="cardholder" autoComplete="cc-name" required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <PaymentElement options={{ fields: { billingDetails: { name: 'never' } } }} />
      {error && (
        <p role="alert" className="bt-error">
          {error}
        </p>
      )}
      <button type="submit" className="button block" disabled={processing || !stripe}>
        {processing ? 'Processing...' : `Pay ${price}`}
      </button>
    </form>
  );
}

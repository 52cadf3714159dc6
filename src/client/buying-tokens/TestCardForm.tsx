import { useState, type FormEvent } from 'react';
import type { AnonymousId } from '../../../domain/anonymous-id';
import { PAYMENT_MESSAGES } from '../../../domain/buying-tokens/messages';
import type { OfferOnSale } from '../../contracts/buying-tokens';
import type { TestCardOutcome } from '../../contracts/buying-tokens-test-mode';
import { authenticateTestCard, awaitConfirmation, PaymentError, payWithTestCardNumber, startCardPayment, type Purchased } from './checkout';

interface Props {
  readonly selection: OfferOnSale;
  readonly anonymousUserId: AnonymousId;
  readonly attemptKey: string;
  readonly onPaid: (purchased: Purchased) => void;
}

const OUTCOME_MESSAGES: Record<Exclude<TestCardOutcome, 'succeeded' | 'authentication required'>, string> = {
  declined: PAYMENT_MESSAGES.cardFailed,
  'invalid card': PAYMENT_MESSAGES.cardFailed,
};

/** TEST MODE: a card form for the simulated provider (no keys set). No card is charged. */
export function TestCardForm({ selection, anonymousUserId, attemptKey, onPaid }: Props) {
  const [name, setName] = useState('');
  const [card, setCard] = useState('4242 4242 4242 4242');
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ clientSecret: string; intentId: string } | null>(null);

  async function run(step: () => Promise<void>) {
    setError(null);
    setProcessing(true);
    try {
      await step();
    } catch (caught) {
      setError(caught instanceof PaymentError ? caught.message : PAYMENT_MESSAGES.cardFailed);
    } finally {
      setProcessing(false);
    }
  }

  async function settle(intentId: string, outcome: TestCardOutcome) {
    if (outcome !== 'succeeded') throw new PaymentError(outcome === 'authentication required' ? PAYMENT_MESSAGES.cardConfirmationFailed : OUTCOME_MESSAGES[outcome]);
    const state = await awaitConfirmation(intentId, 30, 500);
    if (state.status !== 'succeeded') throw new PaymentError(PAYMENT_MESSAGES.cardConfirmationFailed);
    onPaid({ tokens: state.tokens, balance: state.balance, paymentId: state.paymentId, provider: 'stripe' });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const intent = await startCardPayment(selection, anonymousUserId, attemptKey);
      const { outcome } = await payWithTestCardNumber(intent.client_secret, card, name);
      if (outcome === 'authentication required') return setChallenge({ clientSecret: intent.client_secret, intentId: intent.id });
      await settle(intent.id, outcome);
    });
  };

  const answerChallenge = (answer: 'complete' | 'fail') =>
    run(async () => {
      if (!challenge) return;
      setChallenge(null);
      const { outcome } = await authenticateTestCard(challenge.clientSecret, answer);
      await settle(challenge.intentId, outcome === 'declined' ? 'authentication required' : outcome);
    });

  if (challenge)
    return (
      <div className="bt-card-form" role="group" aria-label="3-D Secure">
        <p className="bt-test-mode" role="note">
          <strong>TEST MODE</strong> — your bank asks you to confirm this payment (3-D Secure).
        </p>
        <button type="button" className="button block" disabled={processing} onClick={() => answerChallenge('complete')}>
          Complete authentication
        </button>
        <button type="button" className="button secondary block" disabled={processing} onClick={() => answerChallenge('fail')}>
          Fail authentication
        </button>
      </div>
    );

  return (
    <form className="bt-card-form" onSubmit={submit}>
      <p className="bt-test-mode" role="note">
        <strong>TEST MODE</strong> — no card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to be declined, 4000 0027 6000 3184 for 3-D Secure.
      </p>
      <label>
        Cardholder name
        <input className="input" name="cardholder" autoComplete="cc-name" required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Card number
        <input className="input" name="cardnumber" inputMode="numeric" autoComplete="cc-number" required value={card} onChange={(e) => setCard(e.target.value)} />
      </label>
      <div className="bt-row">
        <label>
          Expiry
          <input className="input" name="exp" placeholder="MM/YY" defaultValue="12/34" autoComplete="cc-exp" />
        </label>
        <label>
          CVC
          <input className="input" name="cvc" inputMode="numeric" defaultValue="123" autoComplete="cc-csc" />
        </label>
      </div>
      {error && (
        <p role="alert" className="bt-error">
          {error}
        </p>
      )}
      <button type="submit" className="button block" disabled={processing}>
        {processing ? 'Processing...' : `Pay ${selection.price}`}
      </button>
    </form>
  );
}

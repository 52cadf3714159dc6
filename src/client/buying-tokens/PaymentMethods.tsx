export type Method = 'card' | 'paypal';

interface Props {
  readonly selected: Method | null;
  readonly paypalAvailable: boolean;
  readonly onSelect: (method: Method) => void;
}

/** Card (popular) and PayPal; Apple Pay and Google Pay are shown as coming soon and cannot be chosen. */
export function PaymentMethods({ selected, paypalAvailable, onSelect }: Props) {
  return (
    <div role="radiogroup" aria-label="Payment method" className="bt-methods">
      <button type="button" role="radio" aria-checked={selected === 'card'} className="bt-method" onClick={() => onSelect('card')}>
        Card <span className="bt-badge">Popular</span>
      </button>
      <button type="button" role="radio" aria-checked={selected === 'paypal'} className="bt-method" disabled={!paypalAvailable} onClick={() => onSelect('paypal')}>
        PayPal
      </button>
      <button type="button" role="radio" aria-checked={false} className="bt-method" disabled>
        Apple Pay <span className="bt-soon">Coming soon</span>
      </button>
      <button type="button" role="radio" aria-checked={false} className="bt-method" disabled>
        Google Pay <span className="bt-soon">Coming soon</span>
      </button>
    </div>
  );
}

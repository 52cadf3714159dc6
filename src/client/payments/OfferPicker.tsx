import { formatGBP } from '../../../domain/money';
import type { SubscriptionPlan, TokenPackage } from '../../../domain/payments/offers';
import type { Selection } from './api';

interface Props {
  readonly packages: readonly TokenPackage[];
  readonly plans: readonly SubscriptionPlan[];
  readonly selected: Selection;
  readonly onSelect: (selection: Selection) => void;
}

export const packageSelection = (p: TokenPackage): Selection => ({ type: 'package', id: p.id, tokens: p.tokens, amountPence: p.pricePence, description: `${p.tokens} Premium Tokens` });
export const planSelection = (p: SubscriptionPlan): Selection => ({ type: 'subscription', id: p.id, tokens: p.tokens, amountPence: p.pricePence, description: `${p.name} Premium Plan` });

/** The package list and the plans, priced from the server's table. */
export function OfferPicker({ packages, plans, selected, onSelect }: Props) {
  const isSelected = (type: Selection['type'], id: string) => selected.type === type && selected.id === id;
  return (
    <div className="bt-offers">
      <fieldset>
        <legend>Token Packages</legend>
        <div role="radiogroup" aria-label="Token Packages" className="bt-grid">
          {packages.map((p) => (
            <button key={p.id} type="button" role="radio" aria-checked={isSelected('package', p.id)} className="bt-offer" onClick={() => onSelect(packageSelection(p))}>
              {p.popular && <span className="bt-badge">Popular</span>}
              <strong>{p.tokens} Tokens</strong>
              <span className="bt-price">{formatGBP(p.pricePence)}</span>
              {p.savings && <span className="bt-savings">{p.savings}</span>}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Subscription Plans</legend>
        <div role="radiogroup" aria-label="Subscription Plans" className="bt-grid">
          {plans.map((p) => (
            <button key={p.id} type="button" role="radio" aria-checked={isSelected('subscription', p.id)} className="bt-offer" onClick={() => onSelect(planSelection(p))}>
              <strong>{p.name}</strong>
              <span className="bt-price">
                {formatGBP(p.pricePence)} per {p.period}
              </span>
              <span>{p.tokens} tokens</span>
              {p.savings && <span className="bt-savings">{p.savings}</span>}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

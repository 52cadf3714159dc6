import type { OfferOnSale, PackageOffer, PlanOffer } from '../../contracts/buying-tokens';

interface Props {
  readonly packages: readonly PackageOffer[];
  readonly plans: readonly PlanOffer[];
  readonly selected: OfferOnSale;
  readonly onSelect: (offer: OfferOnSale) => void;
}

/** The package list and the plans, as the server priced and worded them. */
export function OfferPicker({ packages, plans, selected, onSelect }: Props) {
  const isSelected = (offer: OfferOnSale) => selected.type === offer.type && selected.id === offer.id;
  return (
    <div className="bt-offers">
      <fieldset>
        <legend>Token Packages</legend>
        <div role="radiogroup" aria-label="Token Packages" className="bt-grid">
          {packages.map((p) => (
            <button key={p.id} type="button" role="radio" aria-checked={isSelected(p)} className="bt-offer" onClick={() => onSelect(p)}>
              {p.popular && <span className="bt-badge">Popular</span>}
              <strong>{p.tokens} Tokens</strong>
              <span className="bt-price">{p.price}</span>
              {p.savings && <span className="bt-savings">{p.savings}</span>}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Subscription Plans</legend>
        <div role="radiogroup" aria-label="Subscription Plans" className="bt-grid">
          {plans.map((p) => (
            <button key={p.id} type="button" role="radio" aria-checked={isSelected(p)} className="bt-offer" onClick={() => onSelect(p)}>
              <strong>{p.name}</strong>
              <span className="bt-price">
                {p.price} per {p.period}
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
